import { cx } from "~/components/ui/cx";
import type { CardAvailability } from "~/lib/party-date-view";

// The cards' own colours for the same words (ProfileCard), so a date reads alike wherever it is said.
const PARTY_DATE_TONES = { free: "text-emerald-800", booked: "text-red-800", unknown: "text-slate-600" } as const;

/** What a performer's calendar says about the visitor's party date, in the server's words ("Free on Sat, Dec 12"). */
export function PartyDateNote({ availability, className }: { availability: CardAvailability; className?: string }) {
  return <p className={cx("text-sm font-semibold", PARTY_DATE_TONES[availability.kind], className)}>{availability.text}</p>;
}
