import { Link } from "react-router";
import { NO_BOOKINGS_NOTE } from "~/lib/constants";

const COLUMNS = [
  {
    title: "Browse",
    links: [
      { to: "/browse", label: "Browse by State" },
      { to: "/categories", label: "Categories" },
      { to: "/search", label: "Search" },
    ],
  },
  {
    title: "For Performers",
    links: [
      { to: "/signup", label: "Create a Listing" },
      { to: "/free-listing", label: "Free Listing (Beta)" },
      { to: "/guidelines", label: "Listing Guidelines" },
      { to: "/safety-first", label: "Safety First" },
      { to: "/faq", label: "FAQ" },
    ],
  },
  {
    title: "Legal",
    links: [
      { to: "/terms", label: "Terms of Service" },
      { to: "/privacy", label: "Privacy Policy" },
      { to: "/about", label: "About" },
      { to: "/contact", label: "Contact" },
    ],
  },
];

const SOCIAL = [
  { href: "https://www.instagram.com/", label: "Instagram" },
  { href: "https://www.facebook.com/", label: "Facebook" },
  { href: "https://www.tiktok.com/", label: "TikTok" },
];

export function Footer({ siteName }: { siteName: string }) {
  return (
    <footer className="mt-16 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">{siteName}</p>
          <p className="mt-2 text-sm">Find costume and cosplay performers for parties, events and conventions across the United States.</p>
          <ul className="mt-4 flex gap-3" aria-label="Social media">
            {SOCIAL.map((s) => (
              <li key={s.label}>
                <a href={s.href} rel="noopener noreferrer" target="_blank" className="text-sm underline-offset-4 hover:text-white hover:underline">
                  {s.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        {COLUMNS.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{column.title}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="text-sm hover:text-white hover:underline">
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
          <p>{NO_BOOKINGS_NOTE}</p>
          <p>
            © {new Date().getFullYear()} {siteName}
          </p>
        </div>
      </div>
    </footer>
  );
}
