import type { Random } from "../art/random";
import type { Archetype } from "./archetypes";

// Bios are stitched from several interchangeable sentences so 300 of them do not read alike.

export interface BioFacts {
  stageName: string;
  city: string;
  stateName: string;
  archetype: Archetype;
  years: number;
  travelRadius: string;
  availableVirtual: boolean;
  backgroundCheck: boolean;
  kidsOnly: boolean;
  adultsOnly: boolean;
  group: boolean;
  currentYear: number;
}

type Sentence = (f: BioFacts, r: Random) => string;

const years = (n: number) => (n === 1 ? "1 year" : `${n} years`);

const OPENERS: Sentence[] = [
  (f, r) => `Hi, I'm ${f.stageName}, and I perform as ${r.pick(f.archetype.characters)}.`,
  (f, r) => `As ${f.stageName}, I bring ${r.pick(f.archetype.characters)} to events around ${f.city}.`,
  (f, r) => `Meet ${f.stageName}: ${r.pick(f.archetype.characters)}, straight from ${f.city}, ${f.stateName}.`,
  (f, r) => `Since ${f.currentYear - f.years}, I have appeared as ${f.stageName}, ${r.pick(f.archetype.characters)}, all over ${f.stateName}.`,
  (f, r) => `From ${f.city} with a lot of glitter: I'm ${f.stageName}, and I perform as ${r.pick(f.archetype.characters)}.`,
  (f, r) => `Looking for something different? ${f.stageName} shows up as ${r.pick(f.archetype.characters)}.`,
  (f, r) => `${f.city}'s own ${f.stageName} here! Picture ${r.pick(f.archetype.characters)}.`,
];

const EXPERIENCE: Sentence[] = [
  (f, r) => `I have been performing for ${years(f.years)} and have done more than ${r.pick([40, 75, 100, 150, 200, 300, 500])} events.`,
  (f, r) => `With ${years(f.years)} of experience and over ${r.pick([50, 120, 250, 400])} parties behind me, I know how to keep a room of kids (and grown-ups) smiling.`,
  (f) => `${years(f.years)} in, I still hand-sew and repair every costume myself.`,
  (f) => `I started as a hobby cosplayer and turned it into a full-time job ${years(f.years)} ago.`,
  (f) => `Trained in improv and stage combat, I have spent ${years(f.years)} learning to stay in character no matter what happens.`,
  (f) => `My background is in children's theater, and I have performed professionally for ${years(f.years)}.`,
  (f) => `After ${years(f.years)} of conventions, parades and living-room shows, nothing surprises me anymore.`,
];

const SPECIALTY: Sentence[] = [
  (f, r) => `My specialty is ${r.pick(f.archetype.specialties)}.`,
  (f, r) => `Clients book me most often for ${r.pick(f.archetype.specialties)}.`,
  (f, r) => `Favorite gigs include ${r.pick(f.archetype.specialties)}.`,
  (f, r) => `Expect ${r.pick(f.archetype.specialties)}.`,
  (f, r) => `Recent bookings have included ${r.pick(f.archetype.specialties)}.`,
];

const GENERAL_EXTRAS: Sentence[] = [
  () => "Every visit includes photos, and I bring my own portable speaker.",
  () => "Allergy-friendly props and face paint are available on request.",
  () => "Shows can be performed in English or Spanish.",
  () => "I keep a spare costume in the car, because capes and cake do not always mix.",
  () => "Quiet, sensory-friendly versions of every show are available for guests who need them.",
  () => "Each guest goes home with a small souvenir from my character.",
  (f) => `Weekend dates around ${f.city} fill up fast in October and December.`,
];

const CLOSINGS: Sentence[] = [
  () => "Send me a message with your date and I will get back to you within a day!",
  () => "Let's make your event legendary.",
  () => "Reach out with your date, your theme and any must-have moments.",
  () => "Can't wait to meet your crew!",
  () => "Message me for availability and package details.",
];

function situational(f: BioFacts, r: Random): string[] {
  const extras: string[] = [];
  if (f.backgroundCheck) {
    extras.push(r.pick(["Background-checked and insured, so parents can relax and enjoy the party.", "I carry liability insurance and a current background check."]));
  }
  if (f.travelRadius === "nationwide") extras.push("I travel anywhere in the country for conventions and larger events.");
  else if (f.travelRadius === "long_distance") extras.push(`Happy to drive up to 100 miles from ${f.city}.`);
  else if (f.travelRadius === "local_only") extras.push(`I mostly serve ${f.city} and the towns right around it.`);
  if (f.availableVirtual) extras.push("Virtual visits are available too, perfect for far-away grandparents and classrooms.");
  if (f.kidsOnly) extras.push("All shows are built for kids aged 3 to 10 and stay completely family friendly.");
  if (f.adultsOnly) extras.push("These appearances are for 18+ events such as costume balls and themed nightlife, and the act always stays classy.");
  if (f.group) extras.push(`I can bring ${r.pick(["one or two", "two to four", "several"])} fellow performers for bigger events.`);
  return extras;
}

// A crew writes as "we": its own, shorter set of sentences.
const GROUP_SENTENCES: Sentence[][] = [
  [
    (f, r) => `${f.stageName} is ${r.pick(f.archetype.characters)}, based in ${f.city}, ${f.stateName}.`,
    (f, r) => `We are ${f.stageName}: ${r.pick(f.archetype.characters)} from ${f.city}.`,
  ],
  [
    (f) => `We have performed together for ${years(f.years)}.`,
    (f) => `Our team has ${years(f.years)} of parties, parades and conventions behind it.`,
  ],
  [(f, r) => `Our specialty is ${r.pick(f.archetype.specialties)}.`, (f, r) => `Clients book us for ${r.pick(f.archetype.specialties)}.`],
  [
    (_, r) => `Bookings include ${r.pick(["two to five", "three or four", "up to six"])} performers depending on the size of your event.`,
    () => "Every performer on the team is background-checked, and we bring our own sound system.",
  ],
  [() => "Tell us your date and theme and we will put the right team together.", () => "We would love to be part of your next event!"],
];

export function composeBio(facts: BioFacts, random: Random): string {
  if (facts.group && facts.archetype.id === "group") {
    return GROUP_SENTENCES.map((choices) => random.pick(choices)(facts, random)).join(" ");
  }
  const parts = [random.pick(OPENERS)(facts, random)];
  const middle = [random.pick(SPECIALTY)(facts, random)];
  if (random.chance(0.85)) middle.push(random.pick(EXPERIENCE)(facts, random));
  parts.push(...(random.chance(0.5) ? middle : middle.reverse()));
  const extras = random.shuffle(situational(facts, random)).slice(0, random.int(1, 2));
  if (random.chance(0.5)) extras.push(random.pick(GENERAL_EXTRAS)(facts, random));
  parts.push(...extras);
  if (random.chance(0.75)) parts.push(random.pick(CLOSINGS)(facts, random));
  return parts.join(" ");
}
