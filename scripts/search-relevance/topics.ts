import type { Topic } from "./judge";

// What parents ask for, as a person would judge it: the character names and stage-name words that
// are exactly the thing, those of the right kind, and the categories that fit. Written by hand
// from what the words mean to a parent, never from the search's dictionary, and reviewed like
// code. The patterns read characters and stage names (the judge also reads bios, as weak matches).

const PRINCESS_NAMES = /princess|\b(ice|snow|medieval) queen\b/i;
const SUPERHERO_NAMES =
  /super ?hero|web-sling|spider hero|caped|masked night hero|star-shield|tech hero|lightning speedster|thunder hammer|amazon warrior|green strongman|comet commander/i;
const CHRISTMAS_NAMES = /\bsanta\b(?![\s-](ana|monica|fe|barbara|clara|cruz|rosa|maria|paula|clarita)\b)|mrs\.? claus|christmas|snowman|gingerbread|reindeer|grinch|holiday grouch/i;
const SPACE_NAMES = /astronaut|space (ranger|cadet|explorer|lord)|star pilot|galactic|laser sword|robot|starship/i;
const VILLAIN_NAMES = /villain|sea witch|evil queen|dark sorcerer|horned sorceress|masked jester|space lord/i;
const ANIME_NAMES = /anime|magical girl|ninja hero|samurai|pop idol|spiky-haired|monster trainer/i;
const GAME_NAMES = /blocky miner|hedgehog speedster|plumber hero|elf sword hero|video game/i;
const MASCOT_NAMES = /mascot|huggable bear|cheer panda|party llama|giant bunny|school spirit/i;
const FAIRY_NAMES = /\bfair(y|ies)\b(?!-tale)|pixie/i;
const WIZARD_NAMES = /wizard|sorcerer/i;

export const TOPICS = {
  princess: { label: "a princess", plays: PRINCESS_NAMES },
  iceQueen: { label: "an ice or snow queen", plays: /\b(ice|snow) (queen|princess)\b/i, kind: PRINCESS_NAMES },
  cinderella: { label: "a glass-slipper / ball-gown princess", plays: /glass slipper|ball ?gown/i, kind: PRINCESS_NAMES },
  rapunzel: { label: "a long-haired tower princess", plays: /tower princess|long-haired/i, kind: PRINCESS_NAMES },
  moana: { label: "an island voyager princess", plays: /island voyager/i, kind: PRINCESS_NAMES },
  archerPrincess: { label: "an archer princess", plays: /archer princess/i, kind: PRINCESS_NAMES },
  mermaid: { label: "a mermaid or merman", plays: /mermaid|merman/i },
  littleMermaid: { label: "a mermaid", plays: /mermaid/i, kind: /merman|sea king/i },
  superhero: { label: "a superhero", plays: SUPERHERO_NAMES, exactCategories: ["Hero"], categories: ["Comic Book Character"] },
  spider: { label: "a web-slinging spider hero", plays: /web-sling|spider hero|wall-crawl/i, kind: SUPERHERO_NAMES, categories: ["Hero"] },
  batman: { label: "a masked night hero", plays: /masked night hero|caped crusader|\bbat\b/i, kind: SUPERHERO_NAMES, categories: ["Hero"] },
  captainAmerica: { label: "a star-shield captain", plays: /star-shield/i, kind: SUPERHERO_NAMES, categories: ["Hero"] },
  thor: { label: "a thunder-hammer hero", plays: /thunder hammer|god of thunder/i, kind: SUPERHERO_NAMES, categories: ["Hero"] },
  hulk: { label: "a big green strongman", plays: /green strongman/i, kind: SUPERHERO_NAMES, categories: ["Hero"] },
  wonderWoman: { label: "an amazon warrior hero", plays: /amazon warrior/i, kind: SUPERHERO_NAMES, categories: ["Hero"] },
  ironMan: { label: "an armored tech hero", plays: /armou?red tech hero/i, kind: SUPERHERO_NAMES, categories: ["Hero"] },
  superman: { label: "a flying caped hero", plays: /flying caped hero|man of steel/i, kind: SUPERHERO_NAMES, categories: ["Hero"] },
  flash: { label: "a lightning speedster", plays: /lightning speedster/i, kind: SUPERHERO_NAMES, categories: ["Hero"] },
  dinosaur: { label: "a dinosaur", plays: /\bdino(saur)?s?\b|t\. rex|triceratops|raptor/i },
  pirate: { label: "a pirate", plays: /pirate|swashbuckl|buccaneer/i },
  unicorn: { label: "a unicorn", plays: /unicorn/i },
  santa: { label: "Santa Claus", plays: /\bsanta\b(?![\s-](ana|monica|fe|barbara|clara|cruz|rosa|maria|paula|clarita)\b)/i, kind: CHRISTMAS_NAMES },
  mrsClaus: { label: "Mrs. Claus", plays: /mrs\.? claus/i, kind: CHRISTMAS_NAMES },
  christmas: { label: "a Christmas character", plays: CHRISTMAS_NAMES, kind: /\belf\b(?! (archer|sword))/i },
  christmasElf: { label: "a Christmas elf", plays: /christmas elf/i, kind: CHRISTMAS_NAMES },
  grinch: { label: "a green holiday grouch", plays: /grinch|green (christmas|holiday) (grouch|grump|thief)|holiday grouch/i, kind: CHRISTMAS_NAMES },
  fairy: { label: "a fairy or pixie", plays: FAIRY_NAMES },
  toothFairy: { label: "the tooth fairy", plays: /tooth fairy/i, kind: FAIRY_NAMES },
  tinkerbell: { label: "a pixie fairy", plays: /pixie/i, kind: FAIRY_NAMES },
  fairyGodmother: { label: "a fairy godmother", plays: /fairy godmother/i, kind: FAIRY_NAMES },
  witch: { label: "a witch or sorceress", plays: /\bwitch\b|sorceress/i },
  wizard: { label: "a wizard or sorcerer", plays: WIZARD_NAMES },
  harryPotter: {
    label: "a young wizard from a wizard school",
    plays: /boy wizard|young wizard|student wizard|wizard school|spectacled wizard/i,
    kind: WIZARD_NAMES,
    weakCategories: ["Fantasy"],
  },
  dragon: { label: "a dragon or dragon tamer", plays: /dragon/i },
  knight: { label: "a knight", plays: /\bknights?\b/i },
  ninja: { label: "a ninja", plays: /ninja/i },
  robot: { label: "a robot or android", plays: /robot|android/i },
  astronaut: { label: "an astronaut", plays: /astronaut/i, kind: SPACE_NAMES, categories: ["Sci-Fi"] },
  spaceRanger: { label: "a space ranger", plays: /space ranger/i, kind: SPACE_NAMES, categories: ["Sci-Fi"] },
  starWars: { label: "a laser-sword space saga character", plays: /laser sword|galactic princess|star pilot|space lord/i, kind: SPACE_NAMES, categories: ["Sci-Fi"] },
  darthVader: {
    label: "a dark armored space lord",
    plays: /dark (armou?red )?space lord|dark lord of (space|the stars)/i,
    kind: /laser sword|galactic|star pilot/i,
    weakCategories: ["Sci-Fi"],
  },
  encanto: {
    label: "a magical-family heroine",
    plays: /magical family|madrigal|mirabel/i,
    mentions: /encanto|magical family|madrigal|mirabel/i,
  },
  easterBunny: { label: "the Easter Bunny", plays: /easter bunny/i, kind: /bunny|rabbit/i },
  halloween: { label: "a Halloween character", plays: /halloween|haunted|\bwitch\b|vampire|zombie|ghost/i },
  magicalGirl: { label: "a magical girl", plays: /magical[- ]girl/i, kind: ANIME_NAMES, categories: ["Anime/Manga"] },
  pokemon: { label: "a monster trainer", plays: /monster trainer/i, kind: ANIME_NAMES, categories: ["Anime/Manga", "Video Game Character"] },
  mario: { label: "a mustached plumber hero", plays: /plumber/i, kind: GAME_NAMES, categories: ["Video Game Character"] },
  sonic: { label: "a hedgehog speedster", plays: /hedgehog/i, kind: GAME_NAMES, categories: ["Video Game Character"] },
  minecraft: { label: "a blocky miner", plays: /blocky miner/i, kind: GAME_NAMES, categories: ["Video Game Character"] },
  zelda: { label: "an elf sword hero", plays: /elf sword hero/i, kind: GAME_NAMES, categories: ["Video Game Character"] },
  viking: { label: "a viking", plays: /viking/i, kind: /musketeer|medieval|victorian/i, categories: ["Historical/Fantasy Crossover"] },
  teddyBear: { label: "a huggable bear mascot", plays: /huggable bear|teddy/i, kind: MASCOT_NAMES, categories: ["Mascot Style"] },
  schoolMascot: { label: "a school mascot", plays: /school spirit|school mascot/i, kind: MASCOT_NAMES, exactCategories: ["Mascot Style"] },

  // The site's categories, in everyday words: being in the category is exactly what was asked.
  hero: { label: "Hero category or a superhero", plays: SUPERHERO_NAMES, exactCategories: ["Hero"], categories: ["Comic Book Character"] },
  villain: { label: "Villain category or a villain", plays: VILLAIN_NAMES, exactCategories: ["Villain"] },
  mascot: { label: "Mascot Style category or a mascot", plays: MASCOT_NAMES, exactCategories: ["Mascot Style"], categories: ["Furry"] },
  anime: { label: "Anime/Manga category or an anime character", plays: ANIME_NAMES, exactCategories: ["Anime/Manga"], categories: ["Cosplay"] },
  cosplay: { label: "Cosplay category", plays: /cosplay/i, exactCategories: ["Cosplay"] },
  furry: { label: "Furry category or a fursuit", plays: /fursuit|fursona/i, exactCategories: ["Furry"], categories: ["Mascot Style"] },
  sciFi: { label: "Sci-Fi category or a space character", plays: SPACE_NAMES, exactCategories: ["Sci-Fi"] },
  videoGame: { label: "Video Game Character category or a game character", plays: GAME_NAMES, exactCategories: ["Video Game Character"] },
  historical: { label: "Historical/Fantasy Crossover or a period character", plays: /musketeer|viking|medieval|victorian/i, exactCategories: ["Historical/Fantasy Crossover"] },
  group: { label: "Group/Crew Performer category", exactCategories: ["Group/Crew Performer"], mentions: /\b(troupe|crew|squad|collective)\b/i },
  fantasy: { label: "Fantasy category", exactCategories: ["Fantasy"] },
  adults: { label: "an adults-only act", adultsOnly: true, exactCategories: ["18+ Events Only"] },
} as const satisfies Record<string, Topic>;
