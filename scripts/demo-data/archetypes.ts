import type { Costume } from "../art/figure";
import type { Category } from "~/lib/constants";

// The kinds of act a demo performer does. An archetype decides the likely categories, the words
// in the stage name, the costume in the pictures and the details the bio talks about.

export interface Archetype {
  id: string;
  /** How often this act appears, relative to the others. */
  weight: number;
  primary: Category;
  related: readonly Category[];
  roles: readonly string[];
  costumes: readonly Costume[];
  /** Roles that read well after a first name ("Maya the Mermaid"); the others only follow an adjective. */
  personal: readonly string[];
  /** Phrases that finish "I perform as ..." */
  characters: readonly string[];
  /** Phrases that finish "My specialty is ..." */
  specialties: readonly string[];
}

export const ARCHETYPES: readonly Archetype[] = [
  {
    id: "hero",
    personal: ["Guardian", "Defender", "Protector", "Ranger", "Champion"],
    weight: 16,
    primary: "Hero",
    related: ["Comic Book Character", "Cosplay", "Kids' Parties Only", "Custom Characters", "Group/Crew Performer"],
    roles: ["Guardian", "Defender", "Sentinel", "Protector", "Ranger", "Champion", "Crusader", "Vanguard"],
    costumes: ["caped"],
    characters: [
      "a caped crusader of my own design with a glow-in-the-dark star emblem",
      "an original masked hero who patrols birthday parties for fun",
      "a high-flying guardian with a flowing cape and a very loud cheer",
      "a friendly city protector with a shield, a cape and a secret handshake",
    ],
    specialties: [
      "hero training courses where every kid earns a certificate",
      "photo poses, pep talks and a surprise 'rescue' of the birthday cake",
      "interactive missions that get the whole party moving",
      "teaching kindness and bravery through quick hero challenges",
    ],
  },
  {
    id: "villain",
    personal: ["Trickster", "Schemer", "Rogue", "Menace"],
    weight: 9,
    primary: "Villain",
    related: ["Comic Book Character", "Cosplay", "18+ Events Only", "Fantasy"],
    roles: ["Baroness", "Overlord", "Menace", "Trickster", "Schemer", "Warlock", "Rogue", "Masquerade"],
    costumes: ["villain"],
    characters: [
      "a theatrical villain with horns, a velvet cape and an evil laugh that is mostly giggles",
      "a scheming mastermind who always loses to the birthday kid in the end",
      "a dramatic rogue with a towering collar and a very long monologue",
      "a mischievous trickster who tries (and fails) to steal the party",
    ],
    specialties: [
      "playful showdowns where the guests save the day",
      "haunted-house nights, Halloween parties and costume contests",
      "staged duels with a hero partner for conventions and corporate events",
      "dramatic entrances that make every photo look like a movie poster",
    ],
  },
  {
    id: "anime",
    personal: ["Ninja", "Samurai", "Sky Dancer", "Blade Dancer"],
    weight: 11,
    primary: "Anime/Manga",
    related: ["Cosplay", "Video Game Character", "Fantasy", "Group/Crew Performer"],
    roles: ["Ninja", "Spirit", "Samurai", "Idol", "Sky Dancer", "Blade Dancer", "Moon Petal"],
    costumes: ["anime"],
    characters: [
      "original anime-style characters with hand-styled spiky wigs",
      "a magical-girl style heroine with a sparkling staff and a theme song",
      "a wandering swordswoman in a hand-sewn outfit with a foam prop blade",
      "a cheerful idol character who leads dance-along numbers",
    ],
    specialties: [
      "convention panels, cosplay walkthroughs and photo shoots",
      "dance routines and sing-alongs for teens and anime clubs",
      "wig and prop workshops for young cosplayers",
      "character meet-and-greets at comic and anime shops",
    ],
  },
  {
    id: "mascot",
    personal: ["Bear", "Bunny", "Dino", "Panda", "Pup", "Otter", "Llama", "Moose"],
    weight: 9,
    primary: "Mascot Style",
    related: ["Kids' Parties Only", "Furry", "Custom Characters", "Group/Crew Performer"],
    roles: ["Bear", "Bunny", "Dino", "Panda", "Pup", "Otter", "Llama", "Moose"],
    costumes: ["mascot"],
    characters: [
      "a giant huggable bear in a full walk-around suit",
      "a goofy dinosaur mascot with dance moves nobody expects",
      "a cheerful panda who loves high fives and group photos",
      "a fluffy llama mascot made for school spirit days",
    ],
    specialties: [
      "parades, grand openings, school spirit days and fun runs",
      "toddler parties with bubbles, freeze dance and gentle hugs",
      "sports halftime shows and community festivals",
      "store openings and brand events with a mascot that never talks but always waves",
    ],
  },
  {
    id: "furry",
    personal: ["Fox", "Wolf", "Cat", "Red Panda", "Coyote", "Tiger"],
    weight: 5,
    primary: "Furry",
    related: ["Mascot Style", "Custom Characters", "Cosplay", "Fantasy"],
    roles: ["Fox", "Wolf", "Cat", "Red Panda", "Coyote", "Tiger"],
    costumes: ["furry"],
    characters: [
      "an original fox character with a handmade fursuit and a swishing tail",
      "a bright red panda fursona with light-up paws",
      "a friendly wolf character who dances better than most humans",
      "an expressive cat character built by an independent suit maker",
    ],
    specialties: [
      "conventions, dance competitions and charity walks",
      "photo booths and meet-and-greets at community events",
      "family-friendly appearances with lots of silly poses",
      "fursuit dance sets for parties and parades",
    ],
  },
  {
    id: "fantasy",
    personal: ["Enchanter", "Dragon Tamer", "Wizard", "Bard", "Elf Ranger", "Mermaid"],
    weight: 9,
    primary: "Fantasy",
    related: ["Historical/Fantasy Crossover", "Cosplay", "Kids' Parties Only"],
    roles: ["Sorceress", "Enchanter", "Fairy", "Dragon Tamer", "Wizard", "Bard", "Elf Ranger", "Mermaid"],
    costumes: ["wizard", "knight"],
    characters: [
      "a star-robed wizard who casts bubble spells",
      "a woodland fairy with shimmering wings and a storybook voice",
      "a dragon tamer who brings a (very friendly) puppet dragon",
      "a wandering bard with a lute, riddles and tall tales",
    ],
    specialties: [
      "storytelling circles, wand-making and magic potion crafts",
      "renaissance faires, library events and enchanted tea parties",
      "quests where the guests solve riddles to break a spell",
      "face-painting and fairy-dust glitter (biodegradable!)",
    ],
  },
  {
    id: "scifi",
    personal: ["Star Pilot", "Space Cadet", "Astronaut", "Time Traveler"],
    weight: 7,
    primary: "Sci-Fi",
    related: ["Video Game Character", "Cosplay", "Group/Crew Performer"],
    roles: ["Star Pilot", "Space Cadet", "Android", "Astronaut", "Time Traveler", "Starship Captain"],
    costumes: ["scifi"],
    characters: [
      "a starship captain with a light-up helmet and a clipboard full of missions",
      "a friendly android who speaks in beeps and then in jokes",
      "a space cadet with a bubble helmet and glowing antennas",
      "a time traveler who arrives with souvenirs from the future",
    ],
    specialties: [
      "science-themed parties with rocket launches and star maps",
      "STEM nights, planetarium events and school assemblies",
      "convention photo ops with a hand-built prop ship console",
      "space training academies for kids aged four to ten",
    ],
  },
  {
    id: "historical",
    personal: ["Musketeer", "Knight", "Viking", "Highwayman"],
    weight: 6,
    primary: "Historical/Fantasy Crossover",
    related: ["Fantasy", "Cosplay", "18+ Events Only"],
    roles: ["Pirate Queen", "Musketeer", "Knight", "Viking", "Highwayman", "Gladiator"],
    costumes: ["knight", "villain", "caped"],
    characters: [
      "a pirate captain with a feathered hat and a treasure map",
      "a knight in lightweight armor who teaches chivalry to squires",
      "a Viking explorer with a foam axe and a booming laugh",
      "a swashbuckling musketeer with a plumed helmet",
    ],
    specialties: [
      "treasure hunts, sword-fighting lessons with foam swords and pirate oaths",
      "museum days, history fairs and themed dinners",
      "knighting ceremonies where every guest earns a title",
      "costumed toasts and photo tableaux for weddings and galas",
    ],
  },
  {
    id: "gamer",
    personal: ["Pixel Paladin", "Quest Knight", "Arcade Ace", "Speedrunner"],
    weight: 7,
    primary: "Video Game Character",
    related: ["Cosplay", "Anime/Manga", "Sci-Fi"],
    roles: ["Pixel Paladin", "Quest Knight", "Power-Up Pal", "Arcade Ace", "Level Boss", "Speedrunner"],
    costumes: ["scifi", "anime", "knight"],
    characters: [
      "an original pixel-art adventurer with a foam sword and a health bar",
      "an arcade champion character who brings retro games along",
      "a quest-giving knight straight out of a fantasy role-playing game",
      "a level boss who is surprisingly easy to defeat with a group hug",
    ],
    specialties: [
      "gaming parties with live 'boss battles' and power-up scavenger hunts",
      "esports events, arcades and game store launches",
      "cosplay contests and photo ops at gaming conventions",
      "teen parties with costume contests and trivia",
    ],
  },
  {
    id: "comic",
    personal: ["Night Watch", "Sidekick", "Ink Slinger", "Zap Kid"],
    weight: 6,
    primary: "Comic Book Character",
    related: ["Hero", "Villain", "Cosplay", "Custom Characters"],
    roles: ["Nightingale", "Night Watch", "Sidekick", "Ink Slinger", "Zap Kid", "Halftone Hero"],
    costumes: ["caped", "villain"],
    characters: [
      "an original comic-page hero who speaks in sound effects",
      "a retro newspaper-strip adventurer with a bright cape",
      "a masked detective from my own homemade comic series",
      "a comic-style sidekick who always needs help from the guests",
    ],
    specialties: [
      "drawing workshops where kids create their own hero",
      "comic shop events, library reading days and conventions",
      "live 'comic panels' acted out with the party guests",
      "photo booths with giant speech-bubble props",
    ],
  },
  {
    id: "custom",
    personal: [],
    weight: 5,
    primary: "Custom Characters",
    related: ["Cosplay", "Mascot Style", "Fantasy", "Group/Crew Performer"],
    roles: ["Character Studio", "Costume Works", "Creature Lab", "Dream Maker"],
    costumes: ["mascot", "wizard", "anime", "caped"],
    characters: [
      "custom characters designed with each client",
      "one-of-a-kind costumes built for brands and family events",
      "original creatures sculpted, sewn and painted in my own studio",
      "any character you can dream up, built from scratch",
    ],
    specialties: [
      "brand mascots, custom birthday characters and theme nights",
      "corporate events that need a character nobody else has",
      "costume builds with a fitting session before the big day",
      "themed parties where the guest of honor helps design the costume",
    ],
  },
  {
    id: "group",
    personal: [],
    weight: 5,
    primary: "Group/Crew Performer",
    related: ["Hero", "Cosplay", "Anime/Manga", "Fantasy", "Villain"],
    roles: ["Squad", "League", "Crew", "Troupe", "Alliance", "Collective"],
    costumes: ["caped", "anime", "scifi"],
    characters: [
      "a team of four original heroes who arrive together",
      "a costume troupe with rotating heroes, villains and sidekicks",
      "a crew of performers who stage a full mini-show",
      "a family-run team of characters for large events",
    ],
    specialties: [
      "large birthday parties, school carnivals and festivals",
      "staged shows with music, a villain and a big finale",
      "convention walk-arounds and charity hospital visits",
      "corporate family days with several characters at once",
    ],
  },
  {
    id: "cosplay",
    personal: ["Cosplayer", "Costume Maker", "Prop Smith"],
    weight: 5,
    primary: "Cosplay",
    related: ["Anime/Manga", "Video Game Character", "Comic Book Character", "18+ Events Only", "Fantasy"],
    roles: ["Cosplayer", "Costume Maker", "Prop Smith", "Wig Wizard"],
    costumes: ["anime", "knight", "scifi", "villain"],
    characters: [
      "a rotating closet of handmade costumes and original designs",
      "armor builds made from foam, resin and a lot of patience",
      "detailed costumes with working lights and moving parts",
      "original characters with custom wigs and props",
    ],
    specialties: [
      "cosplay judging, panels and build demonstrations",
      "photo shoots, promotional events and themed nightlife",
      "costume contests and adult costume parties",
      "workshops on foam armor and wig styling",
    ],
  },
];

export const GROUP_EXTRA_CATEGORY: Category = "Group/Crew Performer";
export const KIDS_ONLY: Category = "Kids' Parties Only";
export const ADULTS_ONLY: Category = "18+ Events Only";
