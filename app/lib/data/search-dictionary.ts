import type { Category } from "../constants";

// What people call things, reviewed like code. A parent types the names a child says ("Spider-Man",
// "a princess", "dinos"); performers, asked not to use trademarked names, describe the same act in
// their own words ("web-slinging hero"). Each entry joins the two, and to the site's categories.
//
// How an entry is used (app/lib/search-dictionary.ts and app/server/search/expand.server.ts):
// - `label` and `variants` are what visitors type. Hyphens, spaces and case do not matter, so
//   "spider-man" already covers "spider man"; a spelling without the space ("spiderman") is its own
//   variant.
// - `descriptions` are phrases performers write; searching for one of them also finds the entry.
// - `categories` are what the word means ("superhero" is Hero): always searched, as the category's
//   words. `relatedCategories` are where such performers usually are (a princess is Fantasy): searched
//   only when nobody is found by name or description, so "princess" does not list every wizard, and
//   offered on an unknown category's page.
// - `relatedEntries` name kindred entries, whose names and descriptions are searched when too few
//   performers match near the place, before the related categories: where nobody plays Santa, the
//   Christmas characters; beside one ice queen 60 miles off, the area's other princesses.
// - `includes` are descriptions of narrower entries this one covers ("superhero" covers the
//   web-slinging hero): searched for this entry too, but they stay the narrower entry's own, so a
//   visitor typing "spider hero" still gets only the web-slinger.
// - `trademark: true` marks a name the page may only repeat as what the visitor asked for
//   ('results for "Spider-Man"'), never list among what a performer offers.
//
// Guidelines for additions: descriptions must be words a performer would really write in a bio
// (specific enough not to match every profile: "hero" alone would), and a category only when most
// performers of that category are a good answer (otherwise a related category).

export interface DictionaryEntry {
  label: string;
  variants: readonly string[];
  descriptions: readonly string[];
  categories?: readonly Category[];
  relatedCategories?: readonly Category[];
  /** Labels of other entries; checked against the dictionary by its test. */
  relatedEntries?: readonly string[];
  includes?: readonly string[];
  trademark?: boolean;
}

/** How performers describe the superheroes parents name (descriptions of the entries below). */
const SUPERHERO_CHARACTERS = [
  "web-slinging hero",
  "spider hero",
  "flying caped hero",
  "masked night hero",
  "caped crusader",
  "star-shield captain",
  "armored tech hero",
  "lightning speedster",
  "thunder hammer hero",
  "amazon warrior",
  "big green strongman",
];

export const SEARCH_DICTIONARY: readonly DictionaryEntry[] = [
  // Princesses and fairy tales
  {
    label: "princess",
    variants: ["princesses", "princess party"],
    descriptions: ["royal", "fairy-tale", "queen", "tiara", "storybook princess"],
    relatedCategories: ["Fantasy"],
  },
  { label: "prince", variants: ["prince charming"], descriptions: ["royal prince", "charming prince"], relatedCategories: ["Fantasy"] },
  { label: "fairy tale", variants: ["fairytale", "fairy tales", "storybook"], descriptions: ["fairy-tale", "storybook character"], relatedCategories: ["Fantasy"] },
  {
    label: "Elsa",
    variants: ["frozen", "frozen princess", "frozen queen"],
    descriptions: ["ice queen", "snow queen", "winter queen", "ice princess"],
    relatedCategories: ["Fantasy"], relatedEntries: ["princess"],
    trademark: true,
  },
  {
    label: "Cinderella",
    variants: ["cinderela"],
    descriptions: ["glass slipper", "ball gown princess", "ballgown princess", "midnight princess"],
    relatedCategories: ["Fantasy"], relatedEntries: ["princess"],
    trademark: true,
  },
  { label: "Snow White", variants: ["snowwhite"], descriptions: ["apple princess", "fairest princess", "forest princess"], relatedCategories: ["Fantasy"], relatedEntries: ["princess"], trademark: true },
  { label: "Belle", variants: ["beauty and the beast"], descriptions: ["book-loving princess", "rose princess", "bookworm princess"], relatedCategories: ["Fantasy"], relatedEntries: ["princess"], trademark: true },
  {
    label: "Ariel",
    variants: ["little mermaid", "the little mermaid"],
    descriptions: ["mermaid princess", "sea princess", "undersea princess"],
    includes: ["mermaid", "merman"],
    relatedCategories: ["Fantasy"], relatedEntries: ["princess"],
    trademark: true,
  },
  { label: "Rapunzel", variants: ["tangled"], descriptions: ["tower princess", "long-haired princess"], relatedCategories: ["Fantasy"], relatedEntries: ["princess"], trademark: true },
  { label: "Moana", variants: [], descriptions: ["island princess", "island voyager", "ocean voyager", "wayfinder"], relatedCategories: ["Fantasy"], relatedEntries: ["princess"], trademark: true },
  { label: "Jasmine", variants: ["princess jasmine", "aladdin"], descriptions: ["desert princess", "arabian princess"], relatedCategories: ["Fantasy"], relatedEntries: ["princess"], trademark: true },
  { label: "Sleeping Beauty", variants: ["aurora", "princess aurora"], descriptions: ["sleeping princess", "briar rose", "dream princess"], relatedCategories: ["Fantasy"], relatedEntries: ["princess"], trademark: true },
  { label: "Mulan", variants: [], descriptions: ["warrior princess", "warrior heroine"], relatedCategories: ["Fantasy"], relatedEntries: ["princess"], trademark: true },
  { label: "Tiana", variants: ["princess and the frog"], descriptions: ["bayou princess", "frog princess"], relatedCategories: ["Fantasy"], relatedEntries: ["princess"], trademark: true },
  { label: "Merida", variants: ["brave"], descriptions: ["archer princess", "highland princess"], relatedCategories: ["Fantasy"], relatedEntries: ["princess"], trademark: true },
  { label: "Anna and Elsa", variants: ["frozen sisters"], descriptions: ["ice queen", "snow sisters", "winter sisters"], relatedCategories: ["Fantasy"], relatedEntries: ["princess"], trademark: true },

  // Superheroes
  {
    label: "superhero",
    variants: ["superheroes", "super hero", "super heroes"],
    descriptions: ["caped hero", "costumed hero", "crime fighter", "masked hero"],
    categories: ["Hero"],
    includes: SUPERHERO_CHARACTERS,
  },
  // "hero" alone is also the start of many a character's name ("ninja hero"): its own entry, so the
  // word is not searched for as part of "superhero".
  { label: "hero", variants: ["heroes", "heroine", "heroines"], descriptions: ["caped hero", "costumed hero", "crime fighter", "masked hero"], categories: ["Hero"], includes: SUPERHERO_CHARACTERS },
  {
    label: "Spider-Man",
    variants: ["spiderman", "spidey", "spider-men", "spider girl", "spidergirl"],
    descriptions: ["web-slinging hero", "spider hero", "web-slinger", "wall-crawler"],
    relatedCategories: ["Hero"],
    trademark: true,
  },
  { label: "Batman", variants: ["bat man", "the batman"], descriptions: ["caped crusader", "dark knight", "masked night hero", "bat hero", "masked vigilante"], relatedCategories: ["Hero"], trademark: true },
  { label: "Superman", variants: ["super man", "supergirl"], descriptions: ["man of steel", "flying caped hero", "flying superhero", "caped superhero"], relatedCategories: ["Hero"], trademark: true },
  { label: "Wonder Woman", variants: ["wonderwoman"], descriptions: ["amazon warrior", "amazon princess", "warrior heroine"], relatedCategories: ["Hero"], trademark: true },
  { label: "Hulk", variants: ["incredible hulk", "the hulk"], descriptions: ["green strongman", "gamma giant", "big green hero"], relatedCategories: ["Hero"], trademark: true },
  { label: "Iron Man", variants: ["ironman"], descriptions: ["armored hero", "armoured hero", "tech hero", "iron hero"], relatedCategories: ["Hero"], trademark: true },
  { label: "Captain America", variants: ["cap america"], descriptions: ["star-shield captain", "star-spangled hero", "shield hero", "patriotic hero"], relatedCategories: ["Hero"], trademark: true },
  { label: "Thor", variants: [], descriptions: ["god of thunder", "thunder god", "hammer hero", "norse god"], relatedCategories: ["Hero"], trademark: true },
  { label: "Flash", variants: ["the flash"], descriptions: ["lightning speedster", "speedster", "lightning hero"], relatedCategories: ["Hero"], trademark: true },
  { label: "Black Panther", variants: [], descriptions: ["panther hero", "panther king"], relatedCategories: ["Hero"], trademark: true },
  { label: "Avengers", variants: ["avenger", "justice league"], descriptions: ["superhero team", "hero squad", "hero team"], relatedCategories: ["Hero", "Group/Crew Performer"], trademark: true },
  {
    label: "Ninja Turtles",
    variants: ["ninja turtle", "tmnt", "teenage mutant ninja turtles"],
    descriptions: ["turtle heroes", "mutant turtles", "turtle ninja"],
    relatedCategories: ["Hero"],
    trademark: true,
  },
  { label: "Power Rangers", variants: ["power ranger"], descriptions: ["ranger team", "masked rangers", "martial arts heroes"], relatedCategories: ["Hero"], trademark: true },
  { label: "Paw Patrol", variants: ["pawpatrol"], descriptions: ["rescue pups", "rescue dogs", "puppy heroes"], relatedCategories: ["Mascot Style"], trademark: true },

  // Villains
  { label: "villain", variants: ["villains", "bad guy", "bad guys", "baddie"], descriptions: ["evil queen", "dark sorcerer", "supervillain", "henchman", "evil"], categories: ["Villain"] },
  { label: "Darth Vader", variants: ["vader", "sith"], descriptions: ["dark lord", "space villain", "armored villain"], relatedCategories: ["Villain", "Sci-Fi"], trademark: true },
  { label: "Joker", variants: ["the joker"], descriptions: ["clown villain", "clown prince", "jester villain", "masked jester"], relatedCategories: ["Villain"], trademark: true },
  { label: "Harley Quinn", variants: ["harley"], descriptions: ["harlequin", "villain jester"], relatedCategories: ["Villain", "Comic Book Character"], trademark: true },
  { label: "Maleficent", variants: [], descriptions: ["dark fairy", "evil fairy", "horned sorceress"], relatedCategories: ["Villain", "Fantasy"], trademark: true },
  { label: "Ursula", variants: [], descriptions: ["sea witch", "octopus witch"], relatedCategories: ["Villain", "Fantasy"], trademark: true },
  { label: "Cruella", variants: ["cruella de vil", "cruella deville"], descriptions: ["dalmatian villain", "fur-loving villain"], relatedCategories: ["Villain"], trademark: true },
  { label: "Grinch", variants: ["the grinch"], descriptions: ["holiday grump", "christmas grump", "grumpy green"], relatedCategories: ["Villain"], trademark: true },
  { label: "Thanos", variants: [], descriptions: ["mad titan", "purple titan"], relatedCategories: ["Villain"], trademark: true },
  { label: "Captain Hook", variants: ["hook"], descriptions: ["hook-handed pirate", "pirate captain"], relatedCategories: ["Villain"], trademark: true },
  { label: "witch", variants: ["witches", "wicked witch"], descriptions: ["sorceress", "enchantress", "spellcaster"], relatedCategories: ["Fantasy"] },
  { label: "vampire", variants: ["vampires", "dracula", "count dracula"], descriptions: ["vampire count", "creature of the night"], relatedCategories: ["Villain"] },
  { label: "zombie", variants: ["zombies", "undead"], descriptions: ["walking undead", "ghoul"], relatedCategories: ["Villain"] },

  // Mermaids, pirates, the sea
  { label: "mermaid", variants: ["mermaids", "merman", "mermen", "mermaid party"], descriptions: ["mermaid tail", "sea princess", "siren", "merfolk"], relatedCategories: ["Fantasy"] },
  { label: "pirate", variants: ["pirates", "pirate party"], descriptions: ["buccaneer", "swashbuckler", "swashbuckling", "pirate captain", "sea captain"] },
  { label: "Jack Sparrow", variants: ["captain jack sparrow", "pirates of the caribbean"], descriptions: ["rogue pirate", "pirate captain"], trademark: true },
  { label: "SpongeBob", variants: ["sponge bob", "spongebob squarepants"], descriptions: ["sea sponge", "yellow sponge"], relatedCategories: ["Mascot Style"], trademark: true },

  // Fairies, unicorns, dragons, wizards
  { label: "fairy", variants: ["fairies", "faerie", "fairy party"], descriptions: ["pixie", "sprite", "woodland fairy", "fairy wings"], relatedCategories: ["Fantasy"] },
  { label: "tooth fairy", variants: [], descriptions: ["tooth fairy"], relatedCategories: ["Fantasy"] },
  { label: "Tinker Bell", variants: ["tinkerbell", "tink"], descriptions: ["pixie", "fairy sprite", "little fairy"], relatedCategories: ["Fantasy"], trademark: true },
  { label: "Peter Pan", variants: ["neverland"], descriptions: ["boy who never grew up", "flying boy", "lost boys"], relatedCategories: ["Fantasy"], trademark: true },
  { label: "unicorn", variants: ["unicorns", "unicorn party"], descriptions: ["rainbow pony", "magical horse", "pegasus"], relatedCategories: ["Fantasy"] },
  { label: "My Little Pony", variants: ["mlp", "little pony", "little ponies"], descriptions: ["rainbow pony", "magic pony", "pony"], relatedCategories: ["Mascot Style"], trademark: true },
  { label: "dragon", variants: ["dragons"], descriptions: ["fire-breathing", "wyvern", "dragon rider"], relatedCategories: ["Fantasy"] },
  { label: "wizard", variants: ["wizards", "sorcerer", "merlin", "gandalf"], descriptions: ["sorcerer", "sorceress", "mage", "spellcaster"], relatedCategories: ["Fantasy"] },
  { label: "Harry Potter", variants: ["hogwarts", "hermione"], descriptions: ["boy wizard", "young wizard", "wizard school"], relatedCategories: ["Fantasy"], trademark: true },
  { label: "knight", variants: ["knights"], descriptions: ["armored knight", "medieval knight", "squire"], relatedCategories: ["Historical/Fantasy Crossover"] },

  // Dinosaurs and animals
  {
    label: "dinosaur",
    variants: ["dinosaurs", "dino", "dinos", "t rex", "trex", "tyrannosaurus", "tyrannosaurus rex", "dino party"],
    descriptions: ["dino", "t. rex", "t-rex", "raptor", "velociraptor", "triceratops", "tyrannosaurus"],
    relatedCategories: ["Mascot Style"],
  },
  { label: "Barney", variants: [], descriptions: ["purple dinosaur"], relatedCategories: ["Mascot Style"], trademark: true },
  { label: "animal", variants: ["animals", "animal costume"], descriptions: ["animal mascot", "animal costume", "fursuit"], relatedCategories: ["Mascot Style", "Furry"] },
  { label: "furry", variants: ["furries", "fursuit", "fursuiter", "fursona"], descriptions: ["fursuit", "fursuiter"], categories: ["Furry"] },
  { label: "Bluey", variants: ["bingo"], descriptions: ["blue heeler", "cartoon puppy", "puppy mascot"], relatedCategories: ["Mascot Style"], trademark: true },
  { label: "Peppa Pig", variants: ["peppa"], descriptions: ["pink piglet", "cartoon pig", "piggy"], relatedCategories: ["Mascot Style"], trademark: true },
  { label: "Elmo", variants: ["sesame street", "cookie monster"], descriptions: ["furry red monster", "tickle monster", "furry blue monster"], relatedCategories: ["Mascot Style"], trademark: true },
  { label: "Mickey Mouse", variants: ["mickey"], descriptions: ["mouse mascot", "classic mouse"], relatedCategories: ["Mascot Style"], trademark: true },
  { label: "Minnie Mouse", variants: ["minnie"], descriptions: ["polka-dot mouse", "mouse mascot"], relatedCategories: ["Mascot Style"], trademark: true },
  { label: "Scooby-Doo", variants: ["scooby", "scoobydoo"], descriptions: ["mystery dog", "great dane"], relatedCategories: ["Mascot Style"], trademark: true },
  { label: "Minions", variants: ["minion"], descriptions: ["yellow helper", "little yellow helper"], relatedCategories: ["Mascot Style"], trademark: true },
  { label: "Simba", variants: ["lion king"], descriptions: ["lion cub", "lion mascot"], relatedCategories: ["Mascot Style"], trademark: true },
  {
    label: "mascot",
    // Not "costumed character": every performer here is one.
    variants: ["mascots", "walkaround"],
    descriptions: ["walkaround character", "walk-around suit", "plush character", "big head costume"],
    categories: ["Mascot Style"],
  },

  // Holidays
  {
    label: "Santa",
    variants: ["santa claus", "santas", "father christmas", "saint nick", "st nick", "kris kringle"],
    descriptions: ["santa", "father christmas", "jolly old elf", "saint nick", "kris kringle"],
    includes: ["mrs. claus"],
    relatedEntries: ["Christmas"],
  },
  { label: "Mrs. Claus", variants: ["mrs santa", "mother christmas"], descriptions: ["mrs. claus", "mrs claus"], relatedEntries: ["Christmas"] },
  { label: "elf", variants: ["elves", "christmas elf", "santa's elf", "santas elf"], descriptions: ["elves", "holiday elf", "north pole helper"], relatedCategories: ["Fantasy"] },
  { label: "Christmas", variants: ["xmas", "holiday party", "holidays"], descriptions: ["santa", "holiday elf", "reindeer", "snowman", "gingerbread", "north pole"], includes: ["mrs. claus"] },
  { label: "Easter bunny", variants: ["easter", "easter rabbit", "bunny", "bunnies"], descriptions: ["easter bunny", "spring bunny", "bunny mascot"], relatedCategories: ["Mascot Style"] },
  { label: "snowman", variants: ["snowmen", "frosty", "frosty the snowman", "olaf"], descriptions: ["friendly snowman", "snow buddy"], relatedCategories: ["Mascot Style"] },
  { label: "reindeer", variants: ["rudolph"], descriptions: ["red-nosed reindeer"], relatedCategories: ["Mascot Style"] },
  { label: "Halloween", variants: ["spooky", "trick or treat"], descriptions: ["spooky", "witch", "vampire", "haunted"], relatedCategories: ["Villain"] },
  { label: "leprechaun", variants: ["st patricks", "saint patricks"], descriptions: ["irish sprite", "pot of gold"], relatedCategories: ["Fantasy"] },
  { label: "Uncle Sam", variants: ["fourth of july", "4th of july"], descriptions: ["patriotic", "stars and stripes"], relatedCategories: ["Historical/Fantasy Crossover"] },

  // Anime, manga and video games
  { label: "anime", variants: ["animes", "manga", "otaku", "japanese animation"], descriptions: ["magical girl", "anime character", "pop idol"], categories: ["Anime/Manga"] },
  { label: "Naruto", variants: [], descriptions: ["orange ninja", "leaf ninja"], relatedCategories: ["Anime/Manga"], trademark: true },
  { label: "Sailor Moon", variants: ["sailormoon", "sailor scout", "sailor scouts"], descriptions: ["magical girl", "moon princess"], relatedCategories: ["Anime/Manga"], trademark: true },
  { label: "Dragon Ball", variants: ["dragonball", "dragon ball z", "dbz", "goku"], descriptions: ["martial arts warrior", "spiky-haired fighter", "super warrior"], relatedCategories: ["Anime/Manga"], trademark: true },
  { label: "Demon Slayer", variants: ["tanjiro", "nezuko"], descriptions: ["demon hunter", "sword-wielding hero"], relatedCategories: ["Anime/Manga"], trademark: true },
  {
    label: "Pokémon",
    variants: ["pokemon", "pikachu", "pokemon trainer", "ash ketchum"],
    descriptions: ["pocket monster", "monster trainer", "electric mouse"],
    relatedCategories: ["Anime/Manga", "Video Game Character"],
    trademark: true,
  },
  { label: "ninja", variants: ["ninjas"], descriptions: ["shinobi", "martial artist"], relatedCategories: ["Anime/Manga"] },
  { label: "samurai", variants: [], descriptions: ["ronin", "swordsman"], relatedCategories: ["Historical/Fantasy Crossover", "Anime/Manga"] },
  { label: "video game", variants: ["video games", "videogame", "gamer", "gaming"], descriptions: ["game character", "gaming character"], categories: ["Video Game Character"] },
  { label: "Mario", variants: ["super mario", "mario bros", "luigi"], descriptions: ["plumber hero", "video game plumber", "mustached plumber"], relatedCategories: ["Video Game Character"], trademark: true },
  { label: "Sonic", variants: ["sonic the hedgehog"], descriptions: ["blue hedgehog", "hedgehog speedster", "speedy hedgehog"], relatedCategories: ["Video Game Character"], trademark: true },
  { label: "Minecraft", variants: ["creeper"], descriptions: ["blocky miner", "block builder", "pixel hero"], relatedCategories: ["Video Game Character"], trademark: true },
  { label: "Zelda", variants: ["legend of zelda"], descriptions: ["elf sword hero", "elf hero", "green-clad hero"], relatedCategories: ["Video Game Character"], trademark: true },
  { label: "cosplay", variants: ["cosplayer", "cosplayers", "cosplaying"], descriptions: ["cosplayer", "costume maker"], categories: ["Cosplay"] },
  { label: "comic book", variants: ["comic", "comics", "comic books"], descriptions: ["comic book character", "comic character"], categories: ["Comic Book Character"] },

  // Space and science fiction
  {
    label: "sci-fi",
    variants: ["scifi", "science fiction", "outer space"],
    descriptions: ["science fiction", "space adventure"],
    includes: ["astronaut", "space ranger", "space cadet", "star pilot", "starship captain", "laser sword", "galactic princess", "friendly robot", "android"],
    categories: ["Sci-Fi"],
  },
  { label: "Star Wars", variants: ["starwars", "jedi", "lightsaber", "light saber", "yoda", "luke skywalker"], descriptions: ["space knight", "laser sword", "galactic knight", "galactic princess", "star pilot"], relatedCategories: ["Sci-Fi"], trademark: true },
  { label: "Stormtrooper", variants: ["stormtroopers", "storm trooper", "storm troopers"], descriptions: ["space trooper", "armored trooper", "white-armored trooper"], relatedCategories: ["Sci-Fi", "Villain"], trademark: true },
  { label: "Mandalorian", variants: ["mando", "boba fett"], descriptions: ["bounty hunter", "armored bounty hunter", "space bounty hunter"], relatedCategories: ["Sci-Fi"], trademark: true },
  { label: "Buzz Lightyear", variants: ["buzz", "toy story"], descriptions: ["space ranger", "toy space hero"], relatedCategories: ["Sci-Fi"], trademark: true },
  { label: "Star Trek", variants: ["trekkie", "starfleet"], descriptions: ["starship captain", "starship crew", "space officer"], relatedCategories: ["Sci-Fi"], trademark: true },
  { label: "Doctor Who", variants: ["dr who", "the doctor", "tardis"], descriptions: ["time traveler", "time traveller", "time lord"], relatedCategories: ["Sci-Fi"], trademark: true },
  {
    label: "astronaut",
    variants: ["astronauts", "spaceman", "space man", "space party"],
    descriptions: ["space explorer", "space suit", "spacesuit", "space cadet", "star pilot", "starship captain"],
    includes: ["space ranger"],
    relatedCategories: ["Sci-Fi"],
  },
  { label: "robot", variants: ["robots", "android", "cyborg"], descriptions: ["android", "cyborg", "mech"], relatedCategories: ["Sci-Fi"] },
  { label: "alien", variants: ["aliens", "extraterrestrial", "martian"], descriptions: ["space creature", "extraterrestrial", "little green"], relatedCategories: ["Sci-Fi"] },

  // Parties, clowns, history and the site's other categories
  {
    label: "kids party",
    variants: ["kids parties", "kid party", "birthday party", "birthday parties", "childrens party", "children's party", "kids", "children", "birthday", "toddler"],
    descriptions: ["birthday party", "kids party", "children's party", "birthday"],
    categories: ["Kids' Parties Only"],
  },
  { label: "clown", variants: ["clowns", "party clown", "birthday clown"], descriptions: ["jester", "balloon artist", "circus"], relatedCategories: ["Kids' Parties Only"] },
  { label: "balloon twisting", variants: ["balloons", "balloon", "balloon animals", "balloon twister"], descriptions: ["balloon artist", "balloon twister", "balloon animals"], relatedCategories: ["Kids' Parties Only"] },
  { label: "face painting", variants: ["face paint", "face painter", "facepainting"], descriptions: ["face painter", "face paint"], relatedCategories: ["Kids' Parties Only"] },
  { label: "magician", variants: ["magic", "magic show", "magicians"], descriptions: ["magic show", "magic tricks", "illusionist"], relatedCategories: ["Kids' Parties Only"] },
  {
    label: "Indiana Jones",
    variants: ["indy"],
    descriptions: ["adventurer archaeologist", "whip-cracking adventurer", "treasure hunter"],
    relatedCategories: ["Historical/Fantasy Crossover"],
    trademark: true,
  },
  { label: "cowboy", variants: ["cowboys", "cowgirl", "cowgirls", "sheriff", "woody"], descriptions: ["wild west", "gunslinger", "rodeo"], relatedCategories: ["Historical/Fantasy Crossover"] },
  {
    label: "historical",
    variants: ["history", "renaissance", "medieval", "victorian", "historical figure", "george washington", "abraham lincoln", "founding father"],
    descriptions: ["renaissance", "medieval", "victorian", "period costume", "musketeer", "viking"],
    categories: ["Historical/Fantasy Crossover"],
  },
  { label: "adults only", variants: ["adult", "adults", "18+", "bachelorette", "over 18"], descriptions: ["adult events", "adults only"], categories: ["18+ Events Only"] },
  { label: "custom character", variants: ["custom characters", "original character", "custom costume"], descriptions: ["original character", "custom-made"], categories: ["Custom Characters"] },
  { label: "group", variants: ["crew", "troupe", "group performers", "character group"], descriptions: ["troupe", "ensemble", "performers group"], categories: ["Group/Crew Performer"] },

  // The tiles in parents' words (app/lib/parent-tiles.ts) that name two kinds of act together: one
  // phrase each, so the tile's search finds either kind (two words would ask for performers who do
  // both). Their `includes` are the narrower entries' names and the characters performers list
  // (the editor's suggestions, app/lib/character-suggestions.ts), never a word as broad as
  // "christmas" or "halloween", which many a hero's bio mentions for its party season.
  {
    label: "Santa and holidays",
    variants: ["holiday characters", "holiday character", "santa and friends"],
    descriptions: ["holiday character", "seasonal character"],
    includes: [
      "santa",
      "santa claus",
      "father christmas",
      "jolly old elf",
      "mrs. claus",
      "christmas elf",
      "holiday elf",
      "north pole",
      "reindeer",
      "snowman",
      "gingerbread man",
      "easter bunny",
      "halloween witch",
      "leprechaun",
    ],
  },
  {
    label: "pirates and mermaids",
    variants: ["pirate and mermaid", "mermaids and pirates", "mermaid and pirate"],
    descriptions: [],
    includes: ["pirate", "buccaneer", "swashbuckler", "swashbuckling", "pirate captain", "mermaid", "merman", "mermaid tail", "merfolk", "sea princess"],
  },
  {
    label: "dinosaurs and animals",
    variants: ["dinosaur and animal", "animals and dinosaurs", "dinos and animals"],
    descriptions: [],
    includes: ["dinosaur", "dino", "t. rex", "t-rex", "raptor", "triceratops", "animal mascot", "animal costume", "bear", "panda", "bunny", "llama", "tiger", "lion cub", "puppy"],
    relatedCategories: ["Mascot Style"],
  },
  {
    label: "anime and cosplay",
    variants: ["cosplay and anime"],
    descriptions: [],
    categories: ["Anime/Manga", "Cosplay"],
    includes: ["anime character", "magical girl", "cosplayer", "pop idol", "ninja hero", "spiky-haired fighter", "monster trainer"],
  },
  // A film parents name, whose heroine performers describe in their own words. No related
  // category: no category's acts are a fair answer, so a search nobody answers offers the tiles,
  // nearby places and an alert instead (app/server/search/no-results.server.ts).
  { label: "Encanto", variants: ["mirabel", "madrigal", "madrigal family"], descriptions: ["magical family"], trademark: true },
];
