import { Link } from "react-router";
import { searchHref } from "~/components/search/search-href";
import { categoryHref } from "~/lib/directory-params";

/** The page for a category name that is not one of the directory's, with where it probably meant to go. */
export function CategoryNotFound({ name, suggestions }: { name: string; suggestions: string[] }) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Category Not Found</h1>
      <p className="mt-4 text-slate-700">
        The category &quot;{name}&quot; does not exist. Please check the URL and try again.
      </p>
      <CategoryHints name={name} suggestions={suggestions} />
      <Link to="/categories" className="mt-8 inline-flex rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
        View all categories
      </Link>
    </div>
  );
}

/** Where an unknown category name probably meant to go: its categories, and a search for the word. */
function CategoryHints({ name, suggestions }: { name: string; suggestions: string[] }) {
  const word = name.trim();
  if (!word) return null;
  const linkClass = "font-semibold text-brand-800 underline hover:no-underline";
  return (
    <div className="mt-6 space-y-3 text-slate-700">
      {suggestions.length > 0 ? (
        <nav aria-label="Did you mean">
          <p>Did you mean:</p>
          <ul className="mt-2 flex flex-wrap justify-center gap-x-4 gap-y-2">
            {suggestions.map((category) => (
              <li key={category}>
                <Link to={categoryHref(category)} className={linkClass}>
                  {category}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      <p>
        <Link to={searchHref({ q: word })} className={linkClass}>
          Search performers for &ldquo;{word}&rdquo;
        </Link>
      </p>
    </div>
  );
}
