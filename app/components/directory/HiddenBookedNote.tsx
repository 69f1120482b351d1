import { Link } from "react-router";
import type { HiddenBookedNote as Note } from "~/lib/party-date-view";

/** Beside a dated listing's count: how many booked performers the date hides, and a link that shows them (both from the server). */
export function HiddenBookedNote({ note }: { note: Note | null | undefined }) {
  if (!note) return null;
  return (
    <p className="text-sm text-slate-700">
      {note.text} ·{" "}
      <Link to={note.href} className="font-semibold text-brand-800 underline hover:no-underline">
        Show them
      </Link>
    </p>
  );
}
