import { cx } from "~/components/ui/cx";
import type { Availability, CardAvailability } from "~/lib/party-date-view";

const TONES: Record<Availability, string> = {
  free: "border-green-200 bg-green-50 text-green-900",
  booked: "border-yellow-300 bg-yellow-50 text-yellow-900",
  unknown: "border-slate-200 bg-slate-50 text-slate-700",
};

/** What a performer's calendar says about the visitor's party date, in the server's words ("Free on Sat, Dec 12"). */
export function PartyDateNote({ availability, className }: { availability: CardAvailability; className?: string }) {
  return (
    <p className={cx("inline-flex rounded-md border px-2.5 py-1 text-sm font-semibold", TONES[availability.kind], className)}>
      {availability.text}
    </p>
  );
}
