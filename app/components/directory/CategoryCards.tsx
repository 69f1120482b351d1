import { Link } from "react-router";
import { categoryBlurb } from "~/lib/category-blurbs";

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
