import { useId, useState } from "react";
import { AskThemAllForm } from "~/components/inquiry/AskThemAllForm";
import { SHORTLIST_INQUIRY_MAX as ASK_ALL_MAX } from "~/lib/inquiry-fields";
import type { ShortlistPerformer } from "~/lib/shortlist";

const bookedThen = (performer: ShortlistPerformer) => performer.partyDate?.kind === "booked";

/**
 * "Ask them all" under the comparison: one inquiry to the listed performers, at most five.
 * With more on the list, or with a party date some of them are booked on, the visitor ticks whom to
 * ask (to start with, the first ones not booked that day, each booked one saying so beside its box);
 * only those reach the form, which is what the server checks again. Give it a `key` of the party
 * date, so a new date starts the ticks afresh.
 */
export function AskThemAll({ performers, date = null }: { performers: readonly ShortlistPerformer[]; date?: string | null }) {
  const id = useId();
  // Null until the visitor changes the ticks: then the first few follow the list as it changes.
  const [ticked, setTicked] = useState<readonly string[] | null>(null);
  const anyBooked = performers.some(bookedThen);
  const chosenIds = new Set(
    ticked ??
      performers
        .filter((performer) => !bookedThen(performer))
        .slice(0, ASK_ALL_MAX)
        .map((performer) => performer.id),
  );
  const chosen = performers.filter((performer) => chosenIds.has(performer.id)).slice(0, ASK_ALL_MAX);
  const full = chosen.length >= ASK_ALL_MAX;

  const toggle = (performerId: string, on: boolean) => {
    const current = chosen.map((performer) => performer.id);
    setTicked(on ? [...current, performerId] : current.filter((other) => other !== performerId));
  };

  return (
    <section aria-labelledby={`${id}-heading`} className="mt-10 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={`${id}-heading`} className="text-xl font-semibold text-slate-900">
        Ask them all
      </h2>
      <p className="mt-1 max-w-2xl text-slate-700">
        Tell {performers.length === 1 ? "this performer" : `up to ${ASK_ALL_MAX} of them`} about your event in one go, with the same form as a
        profile&apos;s.
      </p>
      {performers.length > ASK_ALL_MAX || anyBooked ? (
        <fieldset className="mt-4">
          <legend className="text-sm font-semibold text-slate-900">
            Whom to ask: up to {ASK_ALL_MAX} ({chosen.length} chosen)
          </legend>
          <ul className="mt-2 grid gap-1 sm:grid-cols-2">
            {performers.map((performer) => {
              const checked = chosen.includes(performer);
              const reasonId = `${id}-reason-${performer.id}`;
              const booked = bookedThen(performer) ? performer.partyDate : null;
              return (
                <li key={performer.id}>
                  <label className="flex min-h-11 items-center gap-3 rounded-md px-2 text-sm text-slate-800 hover:bg-slate-50 has-[:disabled]:text-slate-500">
                    <input
                      type="checkbox"
                      // Outside the form, so never sent: it names the box for a tick made before the
                      // form's code arrives on a shared list (ServerHtmlUntil carries it over).
                      name="ask"
                      value={performer.id}
                      checked={checked}
                      disabled={!checked && full}
                      aria-describedby={booked ? reasonId : undefined}
                      onChange={(event) => toggle(performer.id, event.currentTarget.checked)}
                      className="h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-700"
                    />
                    <span className="[overflow-wrap:anywhere]">
                      {performer.displayName}
                      {booked ? (
                        <span id={reasonId} className="ml-2 font-semibold text-red-800">
                          {booked.text}
                        </span>
                      ) : null}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ) : null}
      <div className="mt-5">
        {chosen.length > 0 ? (
          <AskThemAllForm performers={chosen.map((performer) => ({ id: performer.id, name: performer.displayName }))} eventDate={date} />
        ) : (
          <p className="text-sm text-slate-700">Tick at least one performer to ask.</p>
        )}
      </div>
    </section>
  );
}
