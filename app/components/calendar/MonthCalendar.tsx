import { DayPicker, type DateRange, type Modifiers } from "react-day-picker";
import { WEEKDAYS, type ShownDayKind } from "~/lib/calendar";

// The month view of /dashboard/calendar: react-day-picker's grid (arrow keys, Home/End, Page Up/Down,
// screen-reader labels) with the performer's marks shown on it. Picking a day or two fills the
// marking form below it, which does the saving, so the grid holds no state of its own the server
// does not also know. Only this route imports it (and react-day-picker's stylesheet), so no public
// page downloads either.
//
// Busy days of the performer's imported iCal calendar show as booked in a look of their own, and their
// names say where they come from: the import replaces them every hour, so picking one here can only
// put the performer's own mark over it, never clear it.
//
// Days are plain calendar dates: each is made as local midnight of its date and read back by its
// local fields, so the browser's own zone never shifts a day. "Today" is the performer's (their
// state's zone), passed in, not the device's.

function toDate(iso: string): Date {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  return new Date(y, m - 1, d);
}

export function toIso(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export interface MonthCalendarProps {
  month: string;
  today: string;
  days: readonly { day: string; kind: ShownDayKind }[];
  weeklyOff: number;
  /** The range chosen in the form ("" when none). */
  from: string;
  to: string;
  onPick(from: string, to: string): void;
  onMonthChange(month: string): void;
}

const dayLabel = new Intl.DateTimeFormat("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric" });

export function MonthCalendar({ month, today, days, weeklyOff, from, to, onPick, onMonthChange }: MonthCalendarProps) {
  const todayDate = toDate(today);
  const booked = days.filter((d) => d.kind === "booked").map((d) => toDate(d.day));
  const away = days.filter((d) => d.kind === "away").map((d) => toDate(d.day));
  const imported = days.filter((d) => d.kind === "imported").map((d) => toDate(d.day));
  const marked = new Set(days.map((d) => d.day));
  // The weekly rule shows on the days it covers that have no mark of their own, from today on.
  const weekly = (date: Date) => (weeklyOff & (1 << date.getDay())) !== 0 && date >= todayDate && !marked.has(toIso(date));
  const selected: DateRange | undefined = from ? { from: toDate(from), to: to ? toDate(to) : undefined } : undefined;

  function label(date: Date, modifiers: Modifiers) {
    const parts = [dayLabel.format(date)];
    if (modifiers.today) parts.unshift("Today");
    if (modifiers.booked) parts.push("booked");
    else if (modifiers.away) parts.push("away");
    else if (modifiers.imported) parts.push("booked in your iCal calendar");
    else if (modifiers.weekly) parts.push(`away every ${WEEKDAYS[date.getDay()]}`);
    else if (!modifiers.disabled) parts.push("open");
    if (modifiers.selected) parts.push("selected");
    return parts.join(", ");
  }

  return (
    <DayPicker
      mode="range"
      month={toDate(`${month}-01`)}
      onMonthChange={(date) => onMonthChange(toIso(date).slice(0, 7))}
      hideNavigation
      showOutsideDays
      today={todayDate}
      weekStartsOn={0}
      disabled={{ before: todayDate }}
      selected={selected}
      onSelect={(range) => onPick(range?.from ? toIso(range.from) : "", range?.to && range.from && range.to > range.from ? toIso(range.to) : "")}
      modifiers={{ booked, away, imported, weekly }}
      modifiersClassNames={{ booked: "cc-day-booked", away: "cc-day-away", imported: "cc-day-imported", weekly: "cc-day-weekly" }}
      labels={{ labelDayButton: label }}
      className="cc-calendar"
    />
  );
}
