// Word lists for original stage names and ordinary people's names. Every stage name is built from
// plain words; none is, or is meant to evoke, a trademarked character.

export const FIRST_NAMES = [
  "Carla", "Marcus", "Jenna", "Devon", "Priya", "Tyler", "Maya", "Andre", "Sofia", "Liam",
  "Keisha", "Owen", "Rosa", "Ethan", "Hana", "Jamal", "Lucia", "Noah", "Aisha", "Caleb",
  "Brianna", "Diego", "Nina", "Grant", "Tessa", "Malik", "Ivy", "Connor", "Leila", "Wes",
  "Gabriela", "Hunter", "Mei", "Jordan", "Renee", "Omar", "Sadie", "Trevor", "Yasmin", "Cody",
  "Daniela", "Felix", "Harper", "Isaac", "Jade", "Kai", "Lena", "Miles", "Nora", "Parker",
  "Quinn", "Riley", "Sam", "Tara", "Uma", "Victor", "Willa", "Ximena", "Yara", "Zane",
] as const;

export const LAST_NAMES = [
  "Alvarez", "Bennett", "Chen", "Dawson", "Ellis", "Fischer", "Garcia", "Harris", "Ibrahim", "Jensen",
  "Kim", "Lopez", "Mitchell", "Nguyen", "Okafor", "Patel", "Quintero", "Reyes", "Sullivan", "Thompson",
  "Underwood", "Vasquez", "Walker", "Xu", "Young", "Zimmerman", "Brooks", "Carter", "Diaz", "Evans",
  "Foster", "Gomez", "Hughes", "Jackson", "Kowalski", "Lee", "Morales", "Nelson", "Ortiz", "Price",
  "Ramirez", "Scott", "Turner", "Vaughn", "Wright", "Yamamoto", "Abbott", "Baker", "Castillo", "Dunn",
] as const;

export const TITLES = ["Professor", "Commander", "Agent", "Admiral", "Major", "Ranger", "Pilot", "Marshal"] as const;

export const POWER_WORDS = [
  "Comet", "Nova", "Nebula", "Meteor", "Quasar", "Eclipse", "Aurora", "Thunder", "Blaze", "Frost",
  "Ember", "Spark", "Cyclone", "Tempest", "Moonbeam", "Sunflare", "Starling", "Zephyr", "Orbit", "Prism",
  "Falcon", "Lynx", "Raven", "Volt", "Glimmer", "Cobalt", "Jade", "Onyx", "Velvet", "Copper",
  "Indigo", "Solstice", "Riptide", "Sparrow", "Boulder", "Lantern", "Whistle", "Pepper", "Maple", "Juniper",
] as const;

export const ADJECTIVES = [
  "Starlight", "Midnight", "Crimson", "Golden", "Silver", "Cosmic", "Mystic", "Electric", "Radiant", "Twilight",
  "Emerald", "Sapphire", "Neon", "Whirlwind", "Stellar", "Arcane", "Plucky", "Jolly", "Dazzling", "Thunderous",
  "Moonlit", "Copperhead", "Wandering", "Fearless", "Velvet", "Magnificent", "Sunny", "Shadowy", "Brave", "Gilded",
] as const;
