import { useId } from "react";
import { Form } from "react-router";
import { cx } from "~/components/ui/cx";
import { SearchCombobox } from "./SearchCombobox";

export function SearchIcon({ className = "h-5 w-5" }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className={className} fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" strokeLinecap="round" />
    </svg>
  );
}

/**
 * The header's search box: a GET form to /search (so Enter searches before or without JavaScript)
 * whose field suggests characters, categories, places and performers as the visitor types.
 */
export function HeaderSearch({ className }: { className?: string }) {
  const id = useId();
  return (
    <Form method="get" action="/search" role="search" aria-label="Site search" className={cx("relative", className)}>
      <label htmlFor={id} className="sr-only">
        Search performers
      </label>
      <SearchCombobox
        id={id}
        name="q"
        placeholder="Search characters, cities, names"
        enterKeyHint="search"
        maxLength={200}
        className="block h-11 w-full rounded-full border border-slate-300 bg-slate-50 pl-4 pr-11 text-base text-slate-900 placeholder:text-slate-500 focus:border-brand-600 focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand-600/30 md:text-sm [&::-webkit-search-cancel-button]:hidden"
      />
      <button
        type="submit"
        aria-label="Search"
        title="Search"
        className="absolute right-0 top-0 flex h-11 w-11 items-center justify-center rounded-full text-slate-600 hover:bg-slate-200 hover:text-brand-700"
      >
        <SearchIcon />
      </button>
    </Form>
  );
}
