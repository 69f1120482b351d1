import type { ReactNode } from "react";
import { Link, useNavigate } from "react-router";
import { followRouterLink } from "~/components/ui/follow-router-link";
import { NO_BOOKINGS_NOTE } from "~/lib/constants";

const COLUMNS = [
  {
    title: "Browse",
    links: [
      { to: "/browse", label: "Browse by State" },
      { to: "/categories", label: "Browse by Category" },
      { to: "/search", label: "Search Performers" },
      { to: "/about", label: "About Us" },
      { to: "/faq", label: "FAQ" },
    ],
  },
  {
    title: "For Performers",
    links: [
      { to: "/signup", label: "Create a Listing" },
      { to: "/free-listing", label: "Free Listing (Open Beta)" },
      { to: "/guidelines", label: "Listing Guidelines" },
      { to: "/safety-first", label: "Safety First" },
      { to: "/dashboard", label: "Performer Dashboard" },
    ],
  },
  {
    title: "Legal",
    links: [
      { to: "/terms", label: "Terms of Service" },
      { to: "/privacy", label: "Privacy Policy" },
      { to: "/contact", label: "Contact Us" },
    ],
  },
];

const iconProps = { "aria-hidden": true, viewBox: "0 0 24 24", className: "h-5 w-5", fill: "currentColor" } as const;

const SOCIAL: { href: string; name: string; icon: ReactNode }[] = [
  {
    href: "https://www.instagram.com/",
    name: "Instagram",
    icon: (
      // Drawn from shapes (not a traced path) to keep the footer's script small.
      <svg {...iconProps} fill="none" stroke="currentColor" strokeWidth="2">
        <rect x="3" y="3" width="18" height="18" rx="5" />
        <circle cx="12" cy="12" r="4" />
        <circle cx="17.5" cy="6.5" r="0.5" fill="currentColor" />
      </svg>
    ),
  },
  {
    href: "https://www.facebook.com/",
    name: "Facebook",
    icon: (
      <svg {...iconProps}>
        <path d="M22 12a10 10 0 1 0-11.6 9.9v-7H7.9V12h2.5V9.8c0-2.5 1.5-3.9 3.8-3.9 1.1 0 2.2.2 2.2.2v2.5h-1.3c-1.2 0-1.6.8-1.6 1.6V12h2.8l-.4 2.9h-2.3v7A10 10 0 0 0 22 12Z" />
      </svg>
    ),
  },
  {
    href: "https://www.tiktok.com/",
    name: "TikTok",
    icon: (
      <svg {...iconProps}>
        <path d="M16.6 2h-3.3v13.4a2.9 2.9 0 1 1-2-2.8V9.2a6.3 6.3 0 1 0 5.3 6.2V8.6a7.9 7.9 0 0 0 4.6 1.5V6.8a4.6 4.6 0 0 1-4.6-4.8Z" />
      </svg>
    ),
  },
];

const FOOTER_CLASS = "mt-16 bg-slate-900 text-slate-300";
/** One object for every render, so React never rewrites the server's footer. */
const KEEP_SERVER_HTML = { __html: "" };

/**
 * The same links on every page and nothing that needs a script: the server renders the footer and
 * the browser keeps that HTML as sent, so its code is in no page's download (the client build drops
 * everything below the first return). Its router links still navigate in the page.
 */
export function Footer({ siteName }: { siteName: string }) {
  const navigate = useNavigate();
  if (!import.meta.env.SSR) {
    return <footer className={FOOTER_CLASS} onClick={(event) => followRouterLink(event, navigate)} dangerouslySetInnerHTML={KEEP_SERVER_HTML} suppressHydrationWarning />;
  }
  return (
    <footer className={FOOTER_CLASS}>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{siteName}</p>
          <p className="mt-2 text-sm">
            Find costume and cosplay performers for birthday parties, school events and conventions across the United
            States.
          </p>
          <ul className="mt-4 flex gap-2" aria-label="Social media">
            {SOCIAL.map((s) => (
              <li key={s.name}>
                <a
                  href={s.href}
                  rel="noopener noreferrer"
                  className="inline-flex rounded-full p-3 text-slate-300 hover:bg-slate-800 hover:text-white"
                >
                  {s.icon}
                  <span className="sr-only">
                    {siteName} on {s.name}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-labelledby={`footer-${column.title.replace(/\W+/g, "-").toLowerCase()}`}>
            <h2
              id={`footer-${column.title.replace(/\W+/g, "-").toLowerCase()}`}
              className="text-sm font-semibold uppercase tracking-wide text-white"
            >
              {column.title}
            </h2>
            {/* Rows a thumb can hit on a phone; the usual tight list where a pointer is used. */}
            <ul className="mt-2 lg:mt-3 lg:space-y-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="inline-flex min-h-11 items-center text-sm hover:text-white hover:underline lg:min-h-0">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-6 text-sm sm:px-6 md:flex-row md:justify-between">
          <p className="font-medium text-slate-200">{NO_BOOKINGS_NOTE}</p>
          <p>
            © {new Date().getFullYear()} {siteName}
          </p>
        </div>
      </div>
    </footer>
  );
}
