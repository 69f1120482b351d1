import type { Category } from "~/lib/constants";
import { TRAVEL_RANGES } from "~/lib/constants";
import { milesBetween } from "~/lib/geo";
import { findCity } from "~/lib/us-states";
import { lookupZip } from "~/server/search/zip.server";

// The relevance benchmark's judged queries (`npm run bench:search`): what a parent or an organiser
// types into /search, each with the rule a person would use to call a demo performer a good answer.
// The rules read only the generated demo data (characters, stage name, bio, categories, city and
// travel range) and are reviewed like code. They never ask the search itself (that would grade
// the search against itself), nor the dictionary: they are written out here by hand, so a
// dictionary that forgets a description shows up as a miss instead of quietly shrinking the answer.

/** What the judge sees of a demo performer: the public profile, as generated. */
export interface Judged {
  displayName: string;
  bio: string;
  characters: readonly string[];
  categories: readonly Category[];
  city: string;
  state: string;
  latitude: number | null;
  longitude: number | null;
  travelRadius: string;
}

export type QueryKind = "character" | "category" | "place" | "zip" | "misspelling" | "mixed";

export interface JudgedQuery {
  q: string;
  kind: QueryKind;
  /** The rule, in words, for the report. */
  rule: string;
  relevant: (p: Judged) => boolean;
}

type Rule = (p: Judged) => boolean;

// --- What a performer offers -------------------------------------------------------------------

/** A character they list, or their stage name, matches. */
const plays =
  (pattern: RegExp): Rule =>
  (p) =>
    p.characters.some((c) => pattern.test(c)) || pattern.test(p.displayName);

/** A character, the stage name or the bio matches. */
const mentions =
  (pattern: RegExp): Rule =>
  (p) =>
    plays(pattern)(p) || pattern.test(p.bio);

const inCategory =
  (category: Category): Rule =>
  (p) =>
    p.categories.includes(category);

const any =
  (...rules: Rule[]): Rule =>
  (p) =>
    rules.some((r) => r(p));

const all =
  (...rules: Rule[]): Rule =>
  (p) =>
    rules.every((r) => r(p));

// --- Where a performer works -------------------------------------------------------------------

interface Point {
  latitude: number;
  longitude: number;
  state: string;
}

function cityPoint(state: string, name: string): Point {
  const city = findCity(state, name);
  if (!city) throw new Error(`unknown city ${name}, ${state}`);
  return { latitude: city.lat, longitude: city.lon, state };
}

function zipPoint(zip: string): Point {
  const found = lookupZip(zip);
  if (!found) throw new Error(`unknown ZIP ${zip}`);
  return { latitude: found.latitude, longitude: found.longitude, state: found.state };
}


const rangeMiles = new Map<string, number | null>(TRAVEL_RANGES.map((r) => [r.value, r.miles]));

/**
 * Works at the place: based within their own travel range of it, or travelling nationwide (the
 * site's own meaning of "travels there"; such performers say they go anywhere).
 */
const reaches =
  (point: Point): Rule =>
  (p) => {
    if (p.travelRadius === "nationwide") return true;
    const range = rangeMiles.get(p.travelRadius);
    if (range == null || p.latitude == null || p.longitude == null) return false;
    return milesBetween(point, { latitude: p.latitude, longitude: p.longitude }) <= range;
  };

const basedIn =
  (state: string): Rule =>
  (p) =>
    p.state === state;

// --- The judged themes -------------------------------------------------------------------------

const PRINCESS = mentions(/princess|\b(ice|snow|medieval) queen\b/i);
const ICE_QUEEN = mentions(/\b(ice|snow) (queen|princess)\b/i);
const SPIDER = mentions(/web-sling|spider hero|wall-crawl/i);
const SUPERHERO = any(
  inCategory("Hero"),
  mentions(/superhero|web-sling|spider hero|caped|masked (night )?hero|star-shield|tech hero|lightning speedster|thunder hammer|amazon warrior|green strongman/i),
);
const NIGHT_HERO = mentions(/masked night hero|caped crusader/i);
const DINOSAUR = mentions(/\bdino(saur)?s?\b|t\. rex|triceratops|raptor/i);
const MERMAID = mentions(/mermaid|merman/i);
const PIRATE = mentions(/pirate|swashbuckl|buccaneer/i);
const UNICORN = mentions(/unicorn/i);
const SANTA = mentions(/santa|mrs\. claus/i);
const FAIRY = mentions(/\b(fairy|fairies|pixie)\b(?!-(tale|dust))/i);
const WITCH = mentions(/\bwitch\b|sorceress/i);
const WIZARD = mentions(/wizard|sorcerer\b/i);
const DRAGON = mentions(/dragon/i);
const KNIGHT = mentions(/\bknights?\b/i);
const NINJA = mentions(/ninja/i);
const ROBOT = mentions(/robot|android/i);
const SPACE = mentions(/astronaut|space (ranger|cadet|explorer|suit)|star pilot|starship/i);
const EASTER_BUNNY = mentions(/easter bunny/i);
const CHRISTMAS = mentions(/santa|mrs\. claus|christmas|snowman|gingerbread|reindeer/i);
const HALLOWEEN = mentions(/halloween|haunted|witch\b|vampire/i);
const MASCOT = any(inCategory("Mascot Style"), mentions(/mascot/i));
const ANIME = any(inCategory("Anime/Manga"), mentions(/anime|magical girl|ninja hero|samurai|pop idol|spiky-haired|monster trainer/i));
const VILLAIN = any(inCategory("Villain"), mentions(/villain|sea witch|evil queen|dark sorcerer|horned sorceress|masked jester/i));
const COSPLAY = any(inCategory("Cosplay"), mentions(/cosplay/i));
const FURRY = any(inCategory("Furry"), mentions(/fursuit|fursona/i));
const SCI_FI = any(inCategory("Sci-Fi"), mentions(/space ranger|robot|star pilot|galactic|astronaut|laser sword|starship/i));
const VIDEO_GAME = any(inCategory("Video Game Character"), mentions(/blocky miner|hedgehog speedster|plumber hero|elf sword hero|video game/i));
const MAGICAL_GIRL = mentions(/magical[- ]girl/i);
const HISTORICAL = any(inCategory("Historical/Fantasy Crossover"), mentions(/musketeer|viking|medieval|victorian/i));

const ORLANDO = cityPoint("FL", "Orlando");
const LOS_ANGELES = cityPoint("CA", "Los Angeles");
const HOUSTON = cityPoint("TX", "Houston");
const CHICAGO = cityPoint("IL", "Chicago");
const SEATTLE = cityPoint("WA", "Seattle");
const DENVER = cityPoint("CO", "Denver");
const ATLANTA = cityPoint("GA", "Atlanta");

const character = (q: string, rule: string, relevant: Rule): JudgedQuery => ({ q, kind: "character", rule, relevant });
const category = (q: string, rule: string, relevant: Rule): JudgedQuery => ({ q, kind: "category", rule, relevant });
const place = (q: string, rule: string, relevant: Rule): JudgedQuery => ({ q, kind: "place", rule, relevant });
const zip = (q: string, relevant: Rule = reaches(zipPoint(q))): JudgedQuery => ({ q, kind: "zip", rule: `travel range reaches ZIP ${q}`, relevant });
const typo = (q: string, rule: string, relevant: Rule): JudgedQuery => ({ q, kind: "misspelling", rule, relevant });
const mixed = (q: string, rule: string, relevant: Rule): JudgedQuery => ({ q, kind: "mixed", rule, relevant });

export const QUERIES: readonly JudgedQuery[] = [
  // Characters, by what a child calls them
  character("princess", "plays or writes a princess, an ice/snow/medieval queen", PRINCESS),
  character("princesses", "as princess", PRINCESS),
  character("princess party", "as princess", PRINCESS),
  character("elsa", "an ice or snow queen/princess", ICE_QUEEN),
  character("frozen", "an ice or snow queen/princess", ICE_QUEEN),
  character("ice queen", "an ice or snow queen/princess", ICE_QUEEN),
  character("cinderella", "glass slipper or ball gown princess", mentions(/glass slipper|ball ?gown/i)),
  character("rapunzel", "tower / long-haired princess", mentions(/tower princess|long-haired/i)),
  character("moana", "island voyager", mentions(/island voyager/i)),
  character("little mermaid", "a mermaid", MERMAID),
  character("spiderman", "web-slinging / spider hero", SPIDER),
  character("spider man", "web-slinging / spider hero", SPIDER),
  character("spider-man", "web-slinging / spider hero", SPIDER),
  character("spidey", "web-slinging / spider hero", SPIDER),
  character("batman", "masked night hero, caped crusader", NIGHT_HERO),
  character("captain america", "star-shield captain", mentions(/star-shield/i)),
  character("thor", "thunder hammer hero", mentions(/thunder hammer|god of thunder/i)),
  character("hulk", "big green strongman", mentions(/green strongman/i)),
  character("wonder woman", "amazon warrior", mentions(/amazon warrior/i)),
  character("superhero", "Hero category or a superhero character", SUPERHERO),
  character("super hero", "as superhero", SUPERHERO),
  character("superheroes", "as superhero", SUPERHERO),
  character("dinosaur", "a dinosaur, dino, T. rex, triceratops or raptor", DINOSAUR),
  character("dinosaurs", "as dinosaur", DINOSAUR),
  character("t rex", "as dinosaur", DINOSAUR),
  character("mermaid", "a mermaid or merman", MERMAID),
  character("pirate", "a pirate or swashbuckler", PIRATE),
  character("unicorn", "a unicorn", UNICORN),
  character("santa", "Santa or Mrs. Claus", SANTA),
  character("santa claus", "Santa or Mrs. Claus", SANTA),
  character("fairy", "a fairy or pixie (not fairy-tale, fairy-dust)", FAIRY),
  character("tooth fairy", "the tooth fairy", mentions(/tooth fairy/i)),
  character("tinkerbell", "a pixie fairy", mentions(/pixie/i)),
  character("witch", "a witch or sorceress", WITCH),
  character("wizard", "a wizard or sorcerer", WIZARD),
  character("dragon", "a dragon or dragon tamer", DRAGON),
  character("knight", "a knight", KNIGHT),
  character("ninja", "a ninja", NINJA),
  character("robot", "a robot or android", ROBOT),
  character("astronaut", "an astronaut, space ranger/cadet/explorer, star pilot, starship crew", SPACE),
  character("easter bunny", "the Easter Bunny", EASTER_BUNNY),
  character("christmas", "Santa, Mrs. Claus, elves, snowman, gingerbread", CHRISTMAS),
  character("halloween", "Halloween, haunted, witches, vampires", HALLOWEEN),
  character("magical girl", "a magical girl", MAGICAL_GIRL),
  character("sailor moon", "a magical girl", MAGICAL_GIRL),
  character("pokemon", "a monster trainer", mentions(/monster trainer/i)),
  character("mario", "a mustached plumber hero", mentions(/plumber/i)),
  character("sonic", "a hedgehog speedster", mentions(/hedgehog/i)),
  character("minecraft", "a blocky miner", mentions(/blocky miner/i)),
  character("star wars", "laser sword knight, galactic princess, star pilot", mentions(/laser sword|galactic princess|star pilot/i)),
  character("buzz lightyear", "a space ranger", mentions(/space ranger/i)),

  // The site's categories, in everyday words
  category("hero", "Hero category or a superhero character", SUPERHERO),
  category("villain", "Villain category or a villain character", VILLAIN),
  category("mascot", "Mascot Style category or a mascot", MASCOT),
  category("anime", "Anime/Manga category or an anime character", ANIME),
  category("cosplay", "Cosplay category or a cosplayer", COSPLAY),
  category("furry", "Furry category or a fursuit", FURRY),
  category("sci-fi", "Sci-Fi category or a space character", SCI_FI),
  category("video game", "Video Game Character category or a game character", VIDEO_GAME),
  category("historical", "Historical/Fantasy Crossover or a period character", HISTORICAL),
  category("group", "Group/Crew Performer category", inCategory("Group/Crew Performer")),
  category("18+", "18+ Events Only category", inCategory("18+ Events Only")),

  // Places
  place("orlando", "travel range reaches Orlando, FL", reaches(ORLANDO)),
  place("orlando fl", "travel range reaches Orlando, FL", reaches(ORLANDO)),
  place("los angeles", "travel range reaches Los Angeles, CA", reaches(LOS_ANGELES)),
  place("houston", "travel range reaches Houston, TX", reaches(HOUSTON)),
  place("chicago", "travel range reaches Chicago, IL", reaches(CHICAGO)),
  place("seattle", "travel range reaches Seattle, WA", reaches(SEATTLE)),
  place("denver", "travel range reaches Denver, CO", reaches(DENVER)),
  place("atlanta", "travel range reaches Atlanta, GA", reaches(ATLANTA)),
  place("texas", "based in Texas", basedIn("TX")),
  place("florida", "based in Florida", basedIn("FL")),
  place("california", "based in California", basedIn("CA")),
  place("ohio", "based in Ohio", basedIn("OH")),
  place("performers in new jersey", "based in New Jersey", basedIn("NJ")),

  // ZIP codes
  zip("32801"),
  zip("90210"),
  zip("10001"),
  zip("60601"),
  zip("77002"),
  zip("98101"),

  // Misspellings
  typo("prinsess", "as princess", PRINCESS),
  typo("pricness", "as princess", PRINCESS),
  typo("spidermn", "web-slinging / spider hero", SPIDER),
  typo("supperhero", "as superhero", SUPERHERO),
  typo("mermiad", "a mermaid or merman", MERMAID),
  typo("dinosuar", "as dinosaur", DINOSAUR),
  typo("unicron", "a unicorn", UNICORN),
  typo("piratte", "a pirate or swashbuckler", PIRATE),
  typo("elza", "an ice or snow queen/princess", ICE_QUEEN),
  typo("santa clause", "Santa or Mrs. Claus", SANTA),
  typo("fiary", "a fairy or pixie", FAIRY),
  typo("orlndo", "travel range reaches Orlando, FL", reaches(ORLANDO)),
  typo("vilain", "Villain category or a villain character", VILLAIN),

  // Mixed: a character and a place
  mixed("superhero near 32801", "superhero, working at ZIP 32801", all(SUPERHERO, reaches(zipPoint("32801")))),
  mixed("hero orlando", "superhero, working in Orlando", all(SUPERHERO, reaches(ORLANDO))),
  mixed("princess orlando", "princess, working in Orlando", all(PRINCESS, reaches(ORLANDO))),
  mixed("princess 90210", "princess, working at 90210", all(PRINCESS, reaches(zipPoint("90210")))),
  mixed("mermaid in florida", "mermaid based in Florida", all(MERMAID, basedIn("FL"))),
  mixed("pirate texas", "pirate based in Texas", all(PIRATE, basedIn("TX"))),
  mixed("dinosaur california", "dinosaur based in California", all(DINOSAUR, basedIn("CA"))),
  mixed("spiderman houston", "spider hero, working in Houston", all(SPIDER, reaches(HOUSTON))),
  mixed("unicorn party chicago", "unicorn, working in Chicago", all(UNICORN, reaches(CHICAGO))),
  mixed("santa near 60601", "Santa, working at 60601", all(SANTA, reaches(zipPoint("60601")))),
  mixed("birthday princess texas", "princess based in Texas", all(PRINCESS, basedIn("TX"))),
];
