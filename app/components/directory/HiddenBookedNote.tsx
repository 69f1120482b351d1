import { Link } from "react-router";

/**
 * Beside a dated listing's count: how many booked performers the date hides (the server's words)
 * and a link to the same listing with them shown.
 */
export function HiddenBookedNote({ text, href }: { text: string | null | undefined; href: string }) {
  if (!text) return null;
  return (
    <p className="text-sm text-slate-700">
      {text} ·{" "}
      <Link to={href} className="font-semibold text-brand-800 underline hover:no-underline">
        Show them
      </Link>
    </p>
  );
}
