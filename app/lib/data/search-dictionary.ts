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
// - `categories` are searched as the category's words.
// - `trademark: true` marks a name the page may only repeat as what the visitor asked for
//   ('results for "Spider-Man"'), never list among what a performer offers.
//
// Guidelines for additions: descriptions must be words a performer would really write in a bio
// (specific enough not to match every profile: "hero" alone would), and a category only when most
// performers of that category are a good answer.

export interface DictionaryEntry {
  label: string;
  variants: readonly string[];
  descriptions: readonly string[];
  categories: readonly Category[];
  trademark?: boolean;
}

export const SEARCH_DICTIONARY: readonly DictionaryEntry[] = [
  // Princesses and fairy tales
  {
    label: "princess",
    variants: ["princesses", "princess party"],
    descriptions: ["royal", "fairy-tale", "queen", "tiara", "storybook princess"],
    categories: ["Fantasy"],
  },
  { label: "prince", variants: ["prince charming"], descriptions: ["royal prince", "charming prince"], categories: ["Fantasy"] },
  { label: "fairy tale", variants: ["fairytale", "fairy tales", "storybook"], descriptions: ["fairy-tale", "storybook character"], categories: ["Fantasy"] },
  {
    label: "Elsa",
    variants: ["frozen", "frozen princess", "frozen queen"],
    descriptions: ["ice queen", "snow queen", "winter queen", "ice princess"],
    categories: ["Fantasy"],
    trademark: true,
  },
  {
    label: "Cinderella",
    variants: ["cinderela"],
    descriptions: ["glass slipper", "ball gown princess", "midnight princess"],
    categories: ["Fantasy"],
    trademark: true,
  },
  { label: "Snow White", variants: ["snowwhite"], descriptions: ["apple princess", "fairest princess", "forest princess"], categories: ["Fantasy"], trademark: true },
  { label: "Belle", variants: ["beauty and the beast"], descriptions: ["book-loving princess", "rose princess", "bookworm princess"], categories: ["Fantasy"], trademark: true },
  {
    label: "Ariel",
    variants: ["little mermaid", "the little mermaid"],
    descriptions: ["mermaid princess", "sea princess", "undersea princess"],
    categories: ["Fantasy"],
    trademark: true,
  },
  { label: "Rapunzel", variants: ["tangled"], descriptions: ["tower princess", "long-haired princess"], categories: ["Fantasy"], trademark: true },
  { label: "Moana", variants: [], descriptions: ["island princess", "ocean voyager", "wayfinder"], categories: ["Fantasy"], trademark: true },
  { label: "Jasmine", variants: ["princess jasmine", "aladdin"], descriptions: ["desert princess", "arabian princess"], categories: ["Fantasy"], trademark: true },
  { label: "Sleeping Beauty", variants: ["aurora", "princess aurora"], descriptions: ["sleeping princess", "briar rose", "dream princess"], categories: ["Fantasy"], trademark: true },
  { label: "Mulan", variants: [], descriptions: ["warrior princess", "warrior heroine"], categories: ["Fantasy"], trademark: true },
  { label: "Tiana", variants: ["princess and the frog"], descriptions: ["bayou princess", "frog princess"], categories: ["Fantasy"], trademark: true },
  { label: "Merida", variants: ["brave"], descriptions: ["archer princess", "highland princess"], categories: ["Fantasy"], trademark: true },
  { label: "Anna and Elsa", variants: ["frozen sisters"], descriptions: ["ice queen", "snow sisters", "winter sisters"], categories: ["Fantasy"], trademark: true },

  // Superheroes
  {
    label: "superhero",
    variants: ["superheroes", "super hero", "super heroes", "hero", "heroes", "heroine"],
    descriptions: ["caped hero", "costumed hero", "crime fighter", "masked hero"],
    categories: ["Hero"],
  },
  {
    label: "Spider-Man",
    variants: ["spiderman", "spidey", "spider-men", "spider girl", "spidergirl"],
    descriptions: ["web-slinging hero", "spider hero", "web-slinger", "wall-crawler"],
    categories: ["Hero"],
    trademark: true,
  },
  { label: "Batman", variants: ["bat man", "the batman"], descriptions: ["caped crusader", "dark knight", "bat hero", "masked vigilante"], categories: ["Hero"], trademark: true },
  { label: "Superman", variants: ["super man", "supergirl"], descriptions: ["man of steel", "flying superhero", "caped superhero"], categories: ["Hero"], trademark: true },
  { label: "Wonder Woman", variants: ["wonderwoman"], descriptions: ["amazon warrior", "amazon princess", "warrior heroine"], categories: ["Hero"], trademark: true },
  { label: "Hulk", variants: ["incredible hulk", "the hulk"], descriptions: ["green strongman", "gamma giant", "big green hero"], categories: ["Hero"], trademark: true },
  { label: "Iron Man", variants: ["ironman"], descriptions: ["armored hero", "armoured hero", "tech hero", "iron hero"], categories: ["Hero"], trademark: true },
  { label: "Captain America", variants: ["cap america"], descriptions: ["star-spangled hero", "shield hero", "patriotic hero"], categories: ["Hero"], trademark: true },
  { label: "Thor", variants: [], descriptions: ["god of thunder", "thunder god", "hammer hero", "norse god"], categories: ["Hero"], trademark: true },
  { label: "Black Panther", variants: [], descriptions: ["panther hero", "panther king"], categories: ["Hero"], trademark: true },
  { label: "Avengers", variants: ["avenger", "justice league"], descriptions: ["superhero team", "hero squad", "hero team"], categories: ["Hero", "Group/Crew Performer"], trademark: true },
  {
    label: "Ninja Turtles",
    variants: ["ninja turtle", "tmnt", "teenage mutant ninja turtles"],
    descriptions: ["turtle heroes", "mutant turtles", "turtle ninja"],
    categories: ["Hero"],
    trademark: true,
  },
  { label: "Power Rangers", variants: ["power ranger"], descriptions: ["ranger team", "masked rangers", "martial arts heroes"], categories: ["Hero"], trademark: true },
  { label: "Paw Patrol", variants: ["pawpatrol"], descriptions: ["rescue pups", "rescue dogs", "puppy heroes"], categories: ["Mascot Style"], trademark: true },

  // Villains
  { label: "villain", variants: ["villains", "bad guy", "bad guys", "baddie"], descriptions: ["evil", "supervillain", "henchman"], categories: ["Villain"] },
  { label: "Darth Vader", variants: ["vader", "sith"], descriptions: ["dark lord", "space villain", "armored villain"], categories: ["Villain", "Sci-Fi"], trademark: true },
  { label: "Joker", variants: ["the joker"], descriptions: ["clown villain", "clown prince", "jester villain"], categories: ["Villain"], trademark: true },
  { label: "Harley Quinn", variants: ["harley"], descriptions: ["harlequin", "villain jester"], categories: ["Villain", "Comic Book Character"], trademark: true },
  { label: "Maleficent", variants: [], descriptions: ["dark fairy", "evil fairy", "horned sorceress"], categories: ["Villain", "Fantasy"], trademark: true },
  { label: "Ursula", variants: [], descriptions: ["sea witch", "octopus witch"], categories: ["Villain", "Fantasy"], trademark: true },
  { label: "Cruella", variants: ["cruella de vil", "cruella deville"], descriptions: ["dalmatian villain", "fur-loving villain"], categories: ["Villain"], trademark: true },
  { label: "Grinch", variants: ["the grinch"], descriptions: ["holiday grump", "christmas grump", "grumpy green"], categories: ["Villain"], trademark: true },
  { label: "Thanos", variants: [], descriptions: ["mad titan", "purple titan"], categories: ["Villain"], trademark: true },
  { label: "Captain Hook", variants: ["hook"], descriptions: ["hook-handed pirate", "pirate captain"], categories: ["Villain"], trademark: true },
  { label: "witch", variants: ["witches", "wicked witch"], descriptions: ["sorceress", "enchantress", "spellcaster"], categories: ["Fantasy"] },
  { label: "vampire", variants: ["vampires", "dracula", "count dracula"], descriptions: ["vampire count", "creature of the night"], categories: ["Villain"] },
  { label: "zombie", variants: ["zombies", "undead"], descriptions: ["walking undead", "ghoul"], categories: ["Villain"] },

  // Mermaids, pirates, the sea
  { label: "mermaid", variants: ["mermaids", "merman", "mermen", "mermaid party"], descriptions: ["mermaid tail", "sea princess", "siren", "merfolk"], categories: ["Fantasy"] },
  { label: "pirate", variants: ["pirates", "pirate party"], descriptions: ["buccaneer", "swashbuckler", "swashbuckling", "pirate captain", "sea captain"], categories: [] },
  { label: "Jack Sparrow", variants: ["captain jack sparrow", "pirates of the caribbean"], descriptions: ["rogue pirate", "pirate captain"], categories: [], trademark: true },
  { label: "SpongeBob", variants: ["sponge bob", "spongebob squarepants"], descriptions: ["sea sponge", "yellow sponge"], categories: ["Mascot Style"], trademark: true },

  // Fairies, unicorns, dragons, wizards
  { label: "fairy", variants: ["fairies", "faerie", "fairy party"], descriptions: ["pixie", "sprite", "woodland fairy", "fairy wings"], categories: ["Fantasy"] },
  { label: "tooth fairy", variants: [], descriptions: ["tooth fairy"], categories: ["Fantasy"] },
  { label: "Tinker Bell", variants: ["tinkerbell", "tink"], descriptions: ["pixie", "fairy sprite", "little fairy"], categories: ["Fantasy"], trademark: true },
  { label: "Peter Pan", variants: ["neverland"], descriptions: ["boy who never grew up", "flying boy", "lost boys"], categories: ["Fantasy"], trademark: true },
  { label: "unicorn", variants: ["unicorns", "unicorn party"], descriptions: ["rainbow pony", "magical horse", "pegasus"], categories: ["Fantasy"] },
  { label: "My Little Pony", variants: ["mlp", "little pony", "little ponies"], descriptions: ["rainbow pony", "magic pony", "pony"], categories: ["Mascot Style"], trademark: true },
  { label: "dragon", variants: ["dragons"], descriptions: ["fire-breathing", "wyvern", "dragon rider"], categories: ["Fantasy"] },
  { label: "wizard", variants: ["wizards", "sorcerer", "merlin", "gandalf"], descriptions: ["sorcerer", "sorceress", "mage", "spellcaster"], categories: ["Fantasy"] },
  { label: "Harry Potter", variants: ["hogwarts", "hermione"], descriptions: ["boy wizard", "young wizard", "wizard school"], categories: ["Fantasy"], trademark: true },
  { label: "knight", variants: ["knights"], descriptions: ["armored knight", "medieval knight", "squire"], categories: ["Historical/Fantasy Crossover"] },

  // Dinosaurs and animals
  {
    label: "dinosaur",
    variants: ["dinosaurs", "dino", "dinos", "t rex", "trex", "tyrannosaurus", "tyrannosaurus rex", "dino party"],
    descriptions: ["dino", "t. rex", "t-rex", "raptor", "velociraptor", "triceratops", "tyrannosaurus"],
    categories: ["Mascot Style"],
  },
  { label: "Barney", variants: [], descriptions: ["purple dinosaur"], categories: ["Mascot Style"], trademark: true },
  { label: "animal", variants: ["animals", "animal costume"], descriptions: ["animal mascot", "animal costume", "fursuit"], categories: ["Mascot Style", "Furry"] },
  { label: "furry", variants: ["furries", "fursuit", "fursuiter", "fursona"], descriptions: ["fursuit", "fursuiter"], categories: ["Furry"] },
  { label: "Bluey", variants: ["bingo"], descriptions: ["blue heeler", "cartoon puppy", "puppy mascot"], categories: ["Mascot Style"], trademark: true },
  { label: "Peppa Pig", variants: ["peppa"], descriptions: ["pink piglet", "cartoon pig", "piggy"], categories: ["Mascot Style"], trademark: true },
  { label: "Elmo", variants: ["sesame street", "cookie monster"], descriptions: ["furry red monster", "tickle monster", "furry blue monster"], categories: ["Mascot Style"], trademark: true },
  { label: "Mickey Mouse", variants: ["mickey"], descriptions: ["mouse mascot", "classic mouse"], categories: ["Mascot Style"], trademark: true },
  { label: "Minnie Mouse", variants: ["minnie"], descriptions: ["polka-dot mouse", "mouse mascot"], categories: ["Mascot Style"], trademark: true },
  { label: "Scooby-Doo", variants: ["scooby", "scoobydoo"], descriptions: ["mystery dog", "great dane"], categories: ["Mascot Style"], trademark: true },
  { label: "Minions", variants: ["minion"], descriptions: ["yellow helper", "little yellow helper"], categories: ["Mascot Style"], trademark: true },
  { label: "Simba", variants: ["lion king"], descriptions: ["lion cub", "lion mascot"], categories: ["Mascot Style"], trademark: true },
  {
    label: "mascot",
    variants: ["mascots", "costume character", "costumed character", "walkaround"],
    descriptions: ["costumed character", "walkaround character", "plush character", "big head costume"],
    categories: ["Mascot Style"],
  },

  // Holidays
  {
    label: "Santa",
    variants: ["santa claus", "santas", "father christmas", "saint nick", "st nick", "kris kringle"],
    descriptions: ["santa", "father christmas", "jolly old elf", "saint nick", "kris kringle"],
    categories: [],
  },
  { label: "Mrs. Claus", variants: ["mrs santa", "mother christmas"], descriptions: ["mrs. claus", "mrs claus"], categories: [] },
  { label: "elf", variants: ["elves", "christmas elf", "santa's elf", "santas elf"], descriptions: ["elves", "holiday elf", "north pole helper"], categories: ["Fantasy"] },
  { label: "Christmas", variants: ["xmas", "holiday party", "holidays"], descriptions: ["santa", "holiday elf", "reindeer", "snowman", "north pole"], categories: [] },
  { label: "Easter bunny", variants: ["easter", "easter rabbit", "bunny", "bunnies"], descriptions: ["easter bunny", "spring bunny", "bunny mascot"], categories: ["Mascot Style"] },
  { label: "snowman", variants: ["snowmen", "frosty", "frosty the snowman", "olaf"], descriptions: ["friendly snowman", "snow buddy"], categories: ["Mascot Style"] },
  { label: "reindeer", variants: ["rudolph"], descriptions: ["red-nosed reindeer"], categories: ["Mascot Style"] },
  { label: "Halloween", variants: ["spooky", "trick or treat"], descriptions: ["spooky", "witch", "vampire", "haunted"], categories: ["Villain"] },
  { label: "leprechaun", variants: ["st patricks", "saint patricks"], descriptions: ["irish sprite", "pot of gold"], categories: ["Fantasy"] },
  { label: "Uncle Sam", variants: ["fourth of july", "4th of july"], descriptions: ["patriotic", "stars and stripes"], categories: ["Historical/Fantasy Crossover"] },

  // Anime, manga and video games
  { label: "anime", variants: ["animes", "manga", "otaku", "japanese animation"], descriptions: ["magical girl", "anime character"], categories: ["Anime/Manga"] },
  { label: "Naruto", variants: [], descriptions: ["orange ninja", "leaf ninja"], categories: ["Anime/Manga"], trademark: true },
  { label: "Sailor Moon", variants: ["sailormoon", "sailor scout", "sailor scouts"], descriptions: ["magical girl", "moon princess"], categories: ["Anime/Manga"], trademark: true },
  { label: "Dragon Ball", variants: ["dragonball", "dragon ball z", "dbz", "goku"], descriptions: ["martial arts warrior", "spiky-haired fighter", "super warrior"], categories: ["Anime/Manga"], trademark: true },
  { label: "Demon Slayer", variants: ["tanjiro", "nezuko"], descriptions: ["demon hunter", "sword-wielding hero"], categories: ["Anime/Manga"], trademark: true },
  {
    label: "Pokémon",
    variants: ["pokemon", "pikachu", "pokemon trainer", "ash ketchum"],
    descriptions: ["pocket monster", "monster trainer", "electric mouse"],
    categories: ["Anime/Manga", "Video Game Character"],
    trademark: true,
  },
  { label: "ninja", variants: ["ninjas"], descriptions: ["shinobi", "martial artist"], categories: ["Anime/Manga"] },
  { label: "samurai", variants: [], descriptions: ["ronin", "swordsman"], categories: ["Historical/Fantasy Crossover", "Anime/Manga"] },
  { label: "video game", variants: ["video games", "videogame", "gamer", "gaming"], descriptions: ["game character", "gaming character"], categories: ["Video Game Character"] },
  { label: "Mario", variants: ["super mario", "mario bros", "luigi"], descriptions: ["plumber hero", "video game plumber", "mustached plumber"], categories: ["Video Game Character"], trademark: true },
  { label: "Sonic", variants: ["sonic the hedgehog"], descriptions: ["blue hedgehog", "speedy hedgehog"], categories: ["Video Game Character"], trademark: true },
  { label: "Minecraft", variants: ["creeper"], descriptions: ["blocky miner", "block builder", "pixel hero"], categories: ["Video Game Character"], trademark: true },
  { label: "Zelda", variants: ["legend of zelda"], descriptions: ["elf hero", "green-clad hero"], categories: ["Video Game Character"], trademark: true },
  { label: "cosplay", variants: ["cosplayer", "cosplayers", "cosplaying"], descriptions: ["convention", "cosplayer"], categories: ["Cosplay"] },
  { label: "comic book", variants: ["comic", "comics", "comic books"], descriptions: ["comic book character", "comic character"], categories: ["Comic Book Character"] },

  // Space and science fiction
  { label: "sci-fi", variants: ["scifi", "science fiction", "outer space"], descriptions: ["science fiction", "space adventure"], categories: ["Sci-Fi"] },
  { label: "Star Wars", variants: ["starwars", "jedi", "lightsaber", "light saber", "yoda", "luke skywalker"], descriptions: ["space knight", "laser sword", "galactic knight"], categories: ["Sci-Fi"], trademark: true },
  { label: "Stormtrooper", variants: ["stormtroopers", "storm trooper", "storm troopers"], descriptions: ["space trooper", "armored trooper", "white-armored trooper"], categories: ["Sci-Fi", "Villain"], trademark: true },
  { label: "Mandalorian", variants: ["mando", "boba fett"], descriptions: ["bounty hunter", "armored bounty hunter", "space bounty hunter"], categories: ["Sci-Fi"], trademark: true },
  { label: "Buzz Lightyear", variants: ["buzz", "toy story"], descriptions: ["space ranger", "toy space hero"], categories: ["Sci-Fi"], trademark: true },
  { label: "Star Trek", variants: ["trekkie", "starfleet"], descriptions: ["starship captain", "starship crew", "space officer"], categories: ["Sci-Fi"], trademark: true },
  { label: "Doctor Who", variants: ["dr who", "the doctor", "tardis"], descriptions: ["time traveler", "time traveller", "time lord"], categories: ["Sci-Fi"], trademark: true },
  { label: "astronaut", variants: ["astronauts", "spaceman", "space man", "space party"], descriptions: ["space explorer", "space suit", "spacesuit"], categories: ["Sci-Fi"] },
  { label: "robot", variants: ["robots", "android", "cyborg"], descriptions: ["android", "cyborg", "mech"], categories: ["Sci-Fi"] },
  { label: "alien", variants: ["aliens", "extraterrestrial", "martian"], descriptions: ["space creature", "extraterrestrial", "little green"], categories: ["Sci-Fi"] },

  // Parties, clowns, history and the site's other categories
  {
    label: "kids party",
    variants: ["kids parties", "kid party", "birthday party", "birthday parties", "childrens party", "children's party", "kids", "children", "birthday", "toddler"],
    descriptions: ["birthday party", "kids party", "children's party", "birthday"],
    categories: ["Kids' Parties Only"],
  },
  { label: "clown", variants: ["clowns", "party clown", "birthday clown"], descriptions: ["jester", "balloon artist", "circus"], categories: ["Kids' Parties Only"] },
  { label: "balloon twisting", variants: ["balloons", "balloon", "balloon animals", "balloon twister"], descriptions: ["balloon artist", "balloon twister", "balloon animals"], categories: ["Kids' Parties Only"] },
  { label: "face painting", variants: ["face paint", "face painter", "facepainting"], descriptions: ["face painter", "face paint"], categories: ["Kids' Parties Only"] },
  { label: "magician", variants: ["magic", "magic show", "magicians"], descriptions: ["magic show", "magic tricks", "illusionist"], categories: ["Kids' Parties Only"] },
  { label: "cowboy", variants: ["cowboys", "cowgirl", "cowgirls", "sheriff", "woody"], descriptions: ["wild west", "gunslinger", "rodeo"], categories: ["Historical/Fantasy Crossover"] },
  {
    label: "historical",
    variants: ["history", "renaissance", "medieval", "victorian", "historical figure"],
    descriptions: ["renaissance", "medieval", "victorian", "period costume"],
    categories: ["Historical/Fantasy Crossover"],
  },
  { label: "adults only", variants: ["adult", "adults", "18+", "bachelorette", "over 18"], descriptions: ["adult events", "adults only"], categories: ["18+ Events Only"] },
  { label: "custom character", variants: ["custom characters", "original character", "custom costume"], descriptions: ["original character", "custom-made"], categories: ["Custom Characters"] },
  { label: "group", variants: ["crew", "troupe", "group performers", "character group"], descriptions: ["troupe", "ensemble", "performers group"], categories: ["Group/Crew Performer"] },
];
