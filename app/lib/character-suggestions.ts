// Character names the profile editor suggests as a performer types, grouped by what parents ask for
// at parties. Every name describes a character instead of naming a studio's or publisher's
// trademark (the site's guidelines ask performers to do the same), so a suggestion taken as is
// never puts a trademarked name on a profile. The demo data draws its performers' characters from
// this list too, so what the demo shows is what the editor offers.

export const CHARACTER_THEMES = {
  princess: [
    "Ice Queen",
    "Snow Queen",
    "Fairy-Tale Princess",
    "Glass Slipper Princess",
    "Long-Haired Tower Princess",
    "Island Voyager Princess",
    "Archer Princess",
    "Rose Princess",
    "Ballgown Princess",
  ],
  superhero: [
    "Web-Slinging Hero",
    "Spider Hero",
    "Flying Caped Hero",
    "Masked Night Hero",
    "Star-Shield Captain",
    "Armored Tech Hero",
    "Lightning Speedster",
    "Thunder Hammer Hero",
    "Amazon Warrior Hero",
    "Big Green Strongman",
  ],
  mermaid: ["Mermaid Princess", "Ocean Mermaid", "Mermaid Storyteller", "Merman Sea King"],
  pirate: ["Pirate Captain", "Pirate Princess", "Swashbuckling Deckhand", "Treasure Hunter Pirate", "Parrot-Toting Pirate"],
  dinosaur: ["T. rex Ranger", "Friendly T. rex", "Dino Explorer", "Baby Triceratops", "Raptor Trainer"],
  unicorn: ["Rainbow Unicorn", "Unicorn Princess", "Sparkle Unicorn"],
  fairy: ["Tooth Fairy", "Woodland Fairy", "Pixie Fairy", "Fairy Godmother", "Flower Fairy"],
  holiday: ["Santa Claus", "Mrs. Claus", "Christmas Elf", "Easter Bunny", "Friendly Snowman", "Gingerbread Man", "Halloween Witch", "Leprechaun"],
  mascot: ["Big Huggable Bear", "Dancing Dino Mascot", "Cheer Panda", "Party Llama", "Giant Bunny", "School Spirit Tiger"],
  anime: ["Magical Girl", "Ninja Hero", "Samurai Swordswoman", "Pop Idol Singer", "Spiky-Haired Fighter", "Monster Trainer"],
  villain: ["Sea Witch", "Evil Queen", "Dark Sorcerer", "Horned Sorceress", "Masked Jester"],
  space: ["Space Ranger", "Friendly Robot", "Star Pilot", "Galactic Princess", "Astronaut", "Laser Sword Knight"],
  fantasy: ["Brave Knight", "Wise Wizard", "Dragon Tamer", "Elf Archer", "Good Witch", "Friendly Dragon"],
  historical: ["Musketeer", "Viking Warrior", "Medieval Queen", "Victorian Lady"],
  gaming: ["Blocky Miner", "Hedgehog Speedster", "Mustached Plumber Hero", "Elf Sword Hero"],
} as const satisfies Record<string, readonly string[]>;

export type CharacterTheme = keyof typeof CHARACTER_THEMES;

/** The themes children's parties ask for most, in the order a parent would list them. */
export const PARTY_THEMES = [
  "princess",
  "superhero",
  "mermaid",
  "pirate",
  "dinosaur",
  "unicorn",
  "fairy",
  "holiday",
  "mascot",
  "anime",
] as const satisfies readonly CharacterTheme[];

/** Every suggestion once, for the editor's list. */
export const CHARACTER_SUGGESTIONS: readonly string[] = [...new Set(Object.values(CHARACTER_THEMES).flat())];
