import { useEffect, useId, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";

interface HeaderProps {
  siteName: string;
  user: { id: string; email: string } | null;
}

const NAV = [
  { to: "/browse", label: "Browse" },
  { to: "/categories", label: "Categories" },
  { to: "/about", label: "About" },
];

function SearchIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" strokeLinecap="round" />
    </svg>
  );
}

export function Header({ siteName, user }: HeaderProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);

  const linkClass = ({ isActive }: { isActive: boolean }) =>
    `rounded-md px-3 py-2 text-sm font-medium ${isActive ? "text-brand-700" : "text-slate-700 hover:text-brand-700"}`;

  const account = user ? (
    <>
      <NavLink to="/dashboard" className={linkClass}>
        Dashboard
      </NavLink>
      <Form method="post" action="/signout">
        <button type="submit" className="rounded-md px-3 py-2 text-left text-sm font-medium text-slate-700 hover:text-brand-700">
          Sign Out
        </button>
      </Form>
    </>
  ) : (
    <>
      <NavLink to="/signin" className={linkClass}>
        Sign In
      </NavLink>
      <Link
        to="/signup"
        className="rounded-md bg-brand-700 px-4 py-2 text-center text-sm font-semibold text-white hover:bg-brand-800"
      >
        Sign Up
      </Link>
    </>
  );

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link to="/" className="flex items-center gap-2 text-xl font-extrabold tracking-tight text-brand-800">
          <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
            <path d="M4 10c4-4 20-4 24 0-1 9-6 14-12 14S5 19 4 10Z" fill="#6d28d9" />
            <circle cx="11" cy="13" r="2.6" fill="#fff" />
            <circle cx="21" cy="13" r="2.6" fill="#fff" />
            <path d="m16 2 1.8 3.6 4 .6-2.9 2.8.7 4L16 11l-3.6 2 .7-4-2.9-2.8 4-.6Z" fill="#f59e0b" />
          </svg>
          {siteName}
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 md:flex">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} className={linkClass}>
              {item.label}
            </NavLink>
          ))}
          <Link to="/search" className="rounded-md p-2 text-slate-700 hover:text-brand-700" aria-label="Search">
            <SearchIcon />
          </Link>
          <span className="mx-2 h-6 w-px bg-slate-200" aria-hidden="true" />
          {account}
        </nav>
        <div className="flex items-center gap-1 md:hidden">
          <Link to="/search" className="rounded-md p-2 text-slate-700" aria-label="Search">
            <SearchIcon />
          </Link>
          <button
            type="button"
            className="rounded-md p-2 text-slate-700"
            aria-expanded={open}
            aria-controls={menuId}
            aria-label={open ? "Close menu" : "Open menu"}
            onClick={() => setOpen((v) => !v)}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="none" stroke="currentColor" strokeWidth="2">
              {open ? <path d="M6 6l12 12M18 6 6 18" strokeLinecap="round" /> : <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />}
            </svg>
          </button>
        </div>
      </div>
      <nav
        id={menuId}
        aria-label="Mobile"
        hidden={!open}
        className="border-t border-slate-200 bg-white px-4 pb-4 pt-2 md:hidden"
      >
        <div className="flex flex-col gap-1">
          {NAV.map((item) => (
            <NavLink key={item.to} to={item.to} className={linkClass}>
              {item.label}
            </NavLink>
          ))}
          <div className="my-2 h-px bg-slate-200" aria-hidden="true" />
          {account}
        </div>
      </nav>
    </header>
  );
}
