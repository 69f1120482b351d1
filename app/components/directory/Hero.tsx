import { useEffect, useId, useState } from "react";
import { Form, Link } from "react-router";
import { HERO_INTERVAL_MS } from "~/lib/constants";
import { SearchCombobox } from "~/components/search/SearchCombobox";
import { cx } from "~/components/ui/cx";
import { useHydrated } from "~/components/ui/useHydrated";

const SLIDES = [1, 2, 3, 4].map((n) => ({ large: `/images/hero-${n}.webp`, small: `/images/hero-${n}-800.webp` }));

const LINKS = [
  { to: "/browse", label: "Browse by Location", primary: true },
  { to: "/categories", label: "Browse by Category", primary: true },
  { to: "/free-listing", label: "Apply for Free Listing", primary: false },
  { to: "/search", label: "Advanced Search", primary: false },
];

/**
 * The 600px banner; on a phone only as tall as its content, set tighter, so the first picture
 * tiles under it begin on the first screen (issue 29: 390 × 844 showed the banner alone). Its first
 * action is the search box,
 * with the same suggestions as the header's, since most visitors arrive knowing the character or
 * the place. Its four backdrops cross-fade every five seconds; visitors who ask for reduced motion
 * keep the first one.
 */
export function Hero({ siteName }: { siteName: string }) {
  const [active, setActive] = useState(0);
  const searchId = useId();
  // The other backdrops are only for the cross-fade, which needs JavaScript: they join once the
  // page is hydrated, so the page's first load (and so its scripts, which wait for it) does not
  // wait for 60 KB of pictures nobody sees yet.
  const hydrated = useHydrated();

  useEffect(() => {
    const query = window.matchMedia("(prefers-reduced-motion: reduce)");
    let timer: number | undefined;
    const start = () => {
      window.clearInterval(timer);
      timer = query.matches ? undefined : window.setInterval(() => setActive((i) => (i + 1) % SLIDES.length), HERO_INTERVAL_MS);
    };
    start();
    query.addEventListener("change", start);
    return () => {
      window.clearInterval(timer);
      query.removeEventListener("change", start);
    };
  }, []);

  return (
    <section aria-labelledby="hero-heading" className="relative isolate flex bg-slate-900 sm:min-h-[600px]">
      {/* The backdrops are clipped in their own layer, so the suggestions can hang below the banner. */}
      <div className="absolute inset-0 -z-10 overflow-hidden" aria-hidden="true">
        {(hydrated ? SLIDES : SLIDES.slice(0, 1)).map((slide, i) => (
          <img
            key={slide.large}
            src={slide.large}
            srcSet={`${slide.small} 800w, ${slide.large} 1600w`}
            sizes="100vw"
            width={1600}
            height={600}
            alt=""
            loading={i === 0 ? "eager" : "lazy"}
            fetchPriority={i === 0 ? "high" : undefined}
            className={cx(
              "absolute inset-0 h-full w-full object-cover transition-opacity duration-1000",
              i === active ? "opacity-100" : "opacity-0",
            )}
          />
        ))}
        <div className="absolute inset-0 bg-gradient-to-r from-slate-950/90 via-slate-950/70 to-slate-950/30" />
      </div>
      <div className="mx-auto flex w-full max-w-7xl flex-col justify-center px-4 py-6 sm:px-6 sm:py-10">
        {/* The header's logo already names the site on a phone. */}
        <p className="hidden text-sm font-semibold uppercase tracking-wider text-accent-400 sm:block">{siteName}</p>
        <h1 id="hero-heading" className="max-w-3xl text-3xl font-extrabold tracking-tight text-white sm:mt-3 sm:text-5xl lg:text-6xl">
          Find costume &amp; cosplay performers near you
        </h1>
        <Form method="get" action="/search" role="search" aria-label="Find a performer" className="mt-4 max-w-2xl sm:mt-8">
          <label htmlFor={searchId} className="block text-base font-semibold text-white">
            Who or where?
          </label>
          <div className="mt-2 flex gap-2">
            <div className="min-w-0 flex-1">
              <SearchCombobox
                id={searchId}
                name="q"
                placeholder="Character, city or ZIP"
                enterKeyHint="search"
                maxLength={200}
                className="block h-12 w-full rounded-md border border-white bg-white px-4 text-base text-slate-900 placeholder:text-slate-500 focus:outline-none focus:ring-4 focus:ring-accent-400/60"
              />
            </div>
            <button
              type="submit"
              className="inline-flex h-12 shrink-0 items-center rounded-md bg-accent-400 px-5 text-base font-semibold text-slate-950 hover:bg-accent-500"
            >
              Search
            </button>
          </div>
          {/* A compact row under the box, so a phone's box keeps its width: the browser's own date picker. */}
          <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1">
            <label htmlFor={`${searchId}-date`} className="text-sm font-semibold text-white">
              Party date <span className="font-normal text-slate-100">(optional)</span>
            </label>
            <input
              id={`${searchId}-date`}
              type="date"
              name="date"
              className="h-11 rounded-md border border-white bg-white px-3 text-base text-slate-900 focus:outline-none focus:ring-4 focus:ring-accent-400/60"
            />
          </div>
        </Form>
        <p className="mt-4 max-w-2xl text-sm text-slate-100 sm:mt-5 sm:text-lg">
          Heroes, villains, anime favourites and mascots for birthday parties, conventions, school events and corporate
          shows across all 50 states.
        </p>
        {/* Two by two on a phone, each still a full-size tap target. */}
        <nav aria-label="Ways to find performers" className="mt-4 grid grid-cols-2 gap-2 sm:mt-8 sm:flex sm:flex-wrap sm:gap-3">
          {LINKS.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className={cx(
                "flex min-h-11 items-center justify-center rounded-md px-2 py-2 text-center text-sm font-semibold shadow-sm sm:block sm:px-5 sm:py-3 sm:text-base",
                link.primary ? "bg-white text-brand-800 hover:bg-brand-50" : "border border-white/80 text-white hover:bg-white/10",
              )}
            >
              {link.label}
            </Link>
          ))}
        </nav>
      </div>
    </section>
  );
}
