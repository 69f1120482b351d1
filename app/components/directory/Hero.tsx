import { useEffect, useState } from "react";
import { Link } from "react-router";
import { HERO_INTERVAL_MS } from "~/lib/constants";
import { cx } from "~/components/ui/cx";

const SLIDES = [1, 2, 3, 4].map((n) => ({ large: `/images/hero-${n}.webp`, small: `/images/hero-${n}-800.webp` }));

const LINKS = [
  { to: "/browse", label: "Browse by Location", primary: true },
  { to: "/categories", label: "Browse by Category", primary: true },
  { to: "/free-listing", label: "Apply for Free Listing", primary: false },
  { to: "/search", label: "Advanced Search", primary: false },
];

/**
 * The 600px banner. Its four backdrops cross-fade every five seconds; visitors who ask for
 * reduced motion keep the first one.
 */
export function Hero({ siteName }: { siteName: string }) {
  const [active, setActive] = useState(0);

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
    <section aria-labelledby="hero-heading" className="relative isolate h-[600px] overflow-hidden bg-slate-900">
      {SLIDES.map((slide, i) => (
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
            "absolute inset-0 -z-20 h-full w-full object-cover transition-opacity duration-1000",
            i === active ? "opacity-100" : "opacity-0",
          )}
        />
      ))}
      <div className="absolute inset-0 -z-10 bg-gradient-to-r from-slate-950/90 via-slate-950/70 to-slate-950/30" aria-hidden="true" />
      <div className="mx-auto flex h-full max-w-7xl flex-col justify-center px-4 sm:px-6">
        <p className="text-sm font-semibold uppercase tracking-wider text-accent-400">{siteName}</p>
        <h1 id="hero-heading" className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-white sm:text-5xl lg:text-6xl">
          Find costume &amp; cosplay performers near you
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-slate-100">
          Heroes, villains, anime favourites and mascots for birthday parties, conventions, school events and corporate
          shows across all 50 states.
        </p>
        <nav aria-label="Ways to find performers" className="mt-8 flex flex-wrap gap-3">
          {LINKS.map((link) => (
            <Link
              key={link.to}
              to={link.to}
              className={cx(
                "rounded-md px-5 py-3 text-base font-semibold shadow-sm",
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
