import { Link } from "react-router";

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

export function categoryBlurb(category: string): string {
  return BLURBS[category] ?? "Costume performers in this category.";
}

/** One card per category, each linking to its category page. */
export function CategoryCards({ categories, headingLevel = 3 }: { categories: readonly string[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {categories.map((category) => (
        <li key={category}>
          <div className="relative h-full rounded-xl border border-slate-200 bg-white p-6 shadow-sm focus-within:ring-2 focus-within:ring-brand-600 hover:border-brand-600 hover:shadow">
            <Heading className="text-lg font-semibold text-slate-900">
              <Link to={`/categories/${encodeURIComponent(category)}`} className="after:absolute after:inset-0 focus:outline-none">
                {category}
              </Link>
            </Heading>
            <p className="mt-2 text-sm text-slate-700">{categoryBlurb(category)}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
