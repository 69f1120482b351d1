import { useEffect, useId, useRef, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import { HeaderSearch } from "~/components/search/HeaderSearch";
import { ShortlistLink } from "~/components/shortlist/ShortlistLink";

interface HeaderProps {
  siteName: string;
  user: { id: string; email: string; isAdmin?: boolean } | null;
}

const NAV = [
  { to: "/browse", label: "Browse" },
  { to: "/categories", label: "Categories" },
  { to: "/about", label: "About" },
];

function Logo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8 shrink-0">
      <path d="M4 10c4-4 20-4 24 0-1 9-6 14-12 14S5 19 4 10Z" fill="#6d28d9" />
      <circle cx="11" cy="13" r="2.6" fill="#fff" />
      <circle cx="21" cy="13" r="2.6" fill="#fff" />
      <path d="m16 2 1.8 3.6 4 .6-2.9 2.8.7 4L16 11l-3.6 2 .7-4-2.9-2.8 4-.6Z" fill="#f59e0b" />
    </svg>
  );
}

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-3 py-2 text-sm font-medium ${isActive ? "text-brand-700" : "text-slate-700 hover:text-brand-700"}`;

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-3 text-base font-medium ${
    isActive ? "bg-brand-50 text-brand-800" : "text-slate-800 hover:bg-slate-100"
  }`;

function AccountLinks({ user, mobile, onNavigate }: { user: HeaderProps["user"]; mobile: boolean; onNavigate?: () => void }) {
  const linkClass = mobile ? mobileLink : desktopLink;
  if (user) {
    return (
      <>
        {user.isAdmin ? (
          <NavLink to="/admin" className={linkClass} onClick={onNavigate}>
            Admin
          </NavLink>
        ) : null}
        <NavLink to="/dashboard" className={linkClass} onClick={onNavigate}>
          Dashboard
        </NavLink>
        {/* A real form, so signing out works before JavaScript loads and cannot be triggered by a link prefetch. */}
        <Form method="post" action="/signout">
          <button
            type="submit"
            className={
              mobile
                ? "block w-full rounded-md px-3 py-3 text-left text-base font-medium text-slate-800 hover:bg-slate-100"
                : "rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:text-brand-700"
            }
          >
            Sign Out
          </button>
        </Form>
      </>
    );
  }
  return (
    <>
      <NavLink to="/signin" className={linkClass} onClick={onNavigate}>
        Sign In
      </NavLink>
      <Link
        to="/signup"
        onClick={onNavigate}
        className={`rounded-md bg-brand-700 text-center font-semibold text-white hover:bg-brand-800 ${
          mobile ? "mt-1 block px-3 py-3 text-base" : "px-4 py-2 text-sm"
        }`}
      >
        Sign Up
      </Link>
    </>
  );
}

export function Header({ siteName, user }: HeaderProps) {
  const location = useLocation();
  // The menu belongs to the location it was opened on, so any navigation (even to the same URL) closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === location.key;
  const searchPage = location.pathname === "/search";
  const menuId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      // Esc inside a modal dialog belongs to that dialog.
      if (event.target instanceof Element && event.target.closest("dialog")) return;
      setOpenOn(null);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  const close = () => setOpenOn(null);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      {/* Phones and tablets: logo and menu, then the search box across the width. Wide screens: one row. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 px-4 sm:px-6 lg:flex-nowrap">
        <Link to="/" className="flex h-16 items-center gap-2 text-xl font-extrabold tracking-tight text-brand-800">
          <Logo />
          {siteName}
        </Link>
        {/* The search page has its own box; a new address starts with an empty one (not a repeat of the same page, which would drop what is being typed). */}
        {/* On a phone the home page's banner starts with the same box, so the header leaves it out there. */}
        {searchPage ? null : (
          <HeaderSearch
            key={`${location.pathname}${location.search}`}
            className={`order-last mb-3 w-full lg:order-none lg:mb-0 lg:max-w-xs lg:flex-1 ${location.pathname === "/" ? "max-lg:hidden" : ""}`}
          />
        )}
        <ShortlistLink className="ml-auto" />
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} className={desktopLink}>
              {item.label}
            </NavLink>
          ))}
          <span className="mx-2 h-6 w-px bg-slate-200" aria-hidden="true" />
          <AccountLinks user={user} mobile={false} />
        </nav>
        <div className="flex items-center gap-1 md:hidden">
          <button
            ref={toggleRef}
            type="button"
            className="rounded-md p-2.5 text-slate-700 hover:bg-slate-100"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label="Menu"
            onClick={() => setOpenOn(open ? null : location.key)}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
              {open ? (
                <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" />
              ) : (
                <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
              )}
            </svg>
          </button>
        </div>
      </div>
      <nav id={menuId} aria-label="Mobile" hidden={!open} className="border-t border-slate-200 bg-white px-4 pb-4 pt-2 md:hidden">
        <ul className="flex flex-col gap-1">
          {/* The search page, for a phone whose header box is easy to miss: its filters and hints too. */}
          {[{ to: "/search", label: "Search" }, ...NAV].map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} className={mobileLink} onClick={close}>
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="my-2 h-px bg-slate-200" aria-hidden="true" />
        <div className="flex flex-col gap-1">
          <AccountLinks user={user} mobile onNavigate={close} />
        </div>
      </nav>
    </header>
  );
}
