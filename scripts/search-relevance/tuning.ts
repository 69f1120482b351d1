import type { JudgedQuery, Topic } from "./judge";
import { type Place, PLACES } from "./places";
import { TOPICS } from "./topics";

// The tuning set of `npm run bench:search`: what parents and organisers type into /search, each
// with what it asks for (a topic of topics.ts, a place of places.ts, or both). The judge grades
// every result from the raw profiles (judge.ts). Search work is tuned against these; the queries
// of held-out.ts are the check that the tuning did not merely learn these.

const character = (q: string, topic: Topic): JudgedQuery => ({ q, kind: "character", topic });
const category = (q: string, topic: Topic): JudgedQuery => ({ q, kind: "category", topic });
const place = (q: string, where: Place): JudgedQuery => ({ q, kind: "place", place: where });
const town = (q: string, where: Place): JudgedQuery => ({ q, kind: "town", place: where });
const zip = (q: string, where: Place): JudgedQuery => ({ q, kind: "zip", place: where });
const typo = (q: string, topic: Topic, where?: Place): JudgedQuery => ({ q, kind: "misspelling", topic, ...(where ? { place: where } : {}) });
const mixed = (q: string, topic: Topic, where: Place): JudgedQuery => ({ q, kind: "mixed", topic, place: where });

const T = TOPICS;
const P = PLACES;

export const TUNING_QUERIES: readonly JudgedQuery[] = [
  // Characters, by what a child calls them
  character("princess", T.princess),
  character("princesses", T.princess),
  character("princess party", T.princess),
  character("elsa", T.iceQueen),
  character("frozen", T.iceQueen),
  character("ice queen", T.iceQueen),
  character("cinderella", T.cinderella),
  character("rapunzel", T.rapunzel),
  character("moana", T.moana),
  character("little mermaid", T.littleMermaid),
  character("spiderman", T.spider),
  character("spider man", T.spider),
  character("spider-man", T.spider),
  character("spidey", T.spider),
  character("batman", T.batman),
  character("captain america", T.captainAmerica),
  character("thor", T.thor),
  character("hulk", T.hulk),
  character("wonder woman", T.wonderWoman),
  character("superhero", T.superhero),
  character("super hero", T.superhero),
  character("superheroes", T.superhero),
  character("dinosaur", T.dinosaur),
  character("dinosaurs", T.dinosaur),
  character("t rex", T.dinosaur),
  character("mermaid", T.mermaid),
  character("pirate", T.pirate),
  character("unicorn", T.unicorn),
  character("santa", T.santa),
  character("santa claus", T.santa),
  character("fairy", T.fairy),
  character("tooth fairy", T.toothFairy),
  character("tinkerbell", T.tinkerbell),
  character("witch", T.witch),
  character("wizard", T.wizard),
  character("dragon", T.dragon),
  character("knight", T.knight),
  character("ninja", T.ninja),
  character("robot", T.robot),
  character("astronaut", T.astronaut),
  character("easter bunny", T.easterBunny),
  character("christmas", T.christmas),
  character("halloween", T.halloween),
  character("magical girl", T.magicalGirl),
  character("sailor moon", T.magicalGirl),
  character("pokemon", T.pokemon),
  character("mario", T.mario),
  character("sonic", T.sonic),
  character("minecraft", T.minecraft),
  character("star wars", T.starWars),
  character("buzz lightyear", T.spaceRanger),
  // The dead ends and weak-first pages
  character("darth vader", T.darthVader),
  character("grinch", T.grinch),
  character("harry potter", T.harryPotter),
  character("encanto", T.encanto),
  character("mrs claus", T.mrsClaus),

  // The site's categories, in everyday words
  category("hero", T.hero),
  category("villain", T.villain),
  category("mascot", T.mascot),
  category("anime", T.anime),
  category("cosplay", T.cosplay),
  category("furry", T.furry),
  category("sci-fi", T.sciFi),
  category("video game", T.videoGame),
  category("historical", T.historical),
  category("group", T.group),
  // The one kind of search that may show adult acts: the visitor asked for adult events.
  { q: "18+", kind: "adults", topic: T.adults, params: { audience: "adults" } },

  // Places: cities, towns on their own, states
  place("orlando", P.orlando),
  place("orlando fl", P.orlando),
  place("los angeles", P.losAngeles),
  place("houston", P.houston),
  place("chicago", P.chicago),
  place("seattle", P.seattle),
  place("denver", P.denver),
  place("atlanta", P.atlanta),
  place("texas", P.texas),
  place("florida", P.florida),
  place("california", P.california),
  place("ohio", P.ohio),
  place("performers in new jersey", P.newJersey),
  place("new york", P.newYork),
  place("georgia", P.georgia),
  town("stephenville", P.stephenville),
  town("stephenville tx", P.stephenville),
  town("granbury", P.granbury),
  town("gainesville fl", P.gainesville),

  // ZIP codes
  zip("32801", P.zip32801),
  zip("90210", P.zip90210),
  zip("10001", P.zip10001),
  zip("60601", P.zip60601),
  zip("77002", P.zip77002),
  zip("98101", P.zip98101),
  zip("76401", P.zip76401),
  zip("33101", P.zip33101),

  // Misspellings
  typo("prinsess", T.princess),
  typo("pricness", T.princess),
  typo("spidermn", T.spider),
  typo("supperhero", T.superhero),
  typo("mermiad", T.mermaid),
  typo("dinosuar", T.dinosaur),
  typo("unicron", T.unicorn),
  typo("piratte", T.pirate),
  typo("elza", T.iceQueen),
  typo("santa clause", T.santa),
  typo("fiary", T.fairy),
  typo("vilain", T.villain),
  { q: "orlndo", kind: "misspelling", place: P.orlando },
  { q: "stevenville", kind: "misspelling", place: P.stephenville },

  // Mixed: what and where
  mixed("superhero near 32801", T.superhero, P.zip32801),
  mixed("hero orlando", T.superhero, P.orlando),
  mixed("princess orlando", T.princess, P.orlando),
  mixed("princess florida", T.princess, P.florida),
  mixed("princess 90210", T.princess, P.zip90210),
  mixed("mermaid in florida", T.mermaid, P.florida),
  mixed("pirate texas", T.pirate, P.texas),
  mixed("dinosaur california", T.dinosaur, P.california),
  mixed("spiderman houston", T.spider, P.houston),
  mixed("unicorn party chicago", T.unicorn, P.chicago),
  mixed("santa near 60601", T.santa, P.zip60601),
  mixed("birthday princess texas", T.princess, P.texas),
  mixed("mascot 76401", T.mascot, P.zip76401),
  mixed("superhero stephenville", T.superhero, P.stephenville),
  mixed("princess stephenville tx", T.princess, P.stephenville),
  mixed("santa santa ana", T.santa, P.santaAna),
  mixed("pirate tampa", T.pirate, P.tampa),
  mixed("batman dallas", T.batman, P.dallas),
  mixed("elsa 32801", T.iceQueen, P.zip32801),
  mixed("dinosaur ohio", T.dinosaur, P.ohio),
];
