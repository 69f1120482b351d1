// One line per category: on its tile (home, all categories) and under its page's title, where
// the category page's loader supplies it so that the page's own code does not carry all fifteen.

const BLURBS: Record<string, string> = {
  Hero: "Caped crusaders and everyday champions for parties and school events.",
  Villain: "Scene-stealing antagonists who bring drama and a wink of menace.",
  Cosplay: "Detailed, handmade costumes of characters from every fandom.",
  Furry: "Full-body animal and creature suits with big personalities.",
  "Anime/Manga": "Characters straight from your favourite series and films.",
  "Video Game Character": "Icons from consoles, arcades and online worlds.",
  "Comic Book Character": "Panels brought to life, from classic to indie.",
  Fantasy: "Elves, wizards, fairies and royalty from enchanted realms.",
  "Sci-Fi": "Space explorers, androids and visitors from the future.",
  "Historical/Fantasy Crossover": "History with a twist: pirates, knights and steampunk.",
  "Kids' Parties Only": "Performers who specialise in young audiences.",
  "18+ Events Only": "Acts booked for adult audiences and late-night events.",
  "Custom Characters": "Original creations designed for your brand or story.",
  "Group/Crew Performer": "Teams and ensembles for bigger shows.",
  "Mascot Style": "Oversized, huggable characters for crowds and games.",
};

/** The category's one-line description, or a plain one for a name without its own. */
export function categoryBlurb(category: string): string {
  return BLURBS[category] ?? "Costume performers in this category.";
}
