import { useId, useState } from "react";
import { AskThemAllForm } from "~/components/inquiry/AskThemAllForm";
import { SHORTLIST_INQUIRY_MAX as ASK_ALL_MAX } from "~/lib/inquiry-fields";
import type { ShortlistPerformer } from "~/lib/shortlist";

/**
 * "Ask them all" under the comparison: one inquiry to the listed performers, at most five.
 * With more on the list the visitor ticks whom to ask (the first ones to start with); only those
 * reach the form, which is what the server checks again.
 */
export function AskThemAll({ performers }: { performers: readonly ShortlistPerformer[] }) {
  const id = useId();
  // Null until the visitor changes the ticks: then the first few follow the list as it changes.
  const [ticked, setTicked] = useState<readonly string[] | null>(null);
  const chosenIds = new Set(ticked ?? performers.slice(0, ASK_ALL_MAX).map((performer) => performer.id));
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
      {performers.length > ASK_ALL_MAX ? (
        <fieldset className="mt-4">
          <legend className="text-sm font-semibold text-slate-900">
            Whom to ask: up to {ASK_ALL_MAX} ({chosen.length} chosen)
          </legend>
          <ul className="mt-2 grid gap-1 sm:grid-cols-2">
            {performers.map((performer) => {
              const checked = chosen.includes(performer);
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
                      onChange={(event) => toggle(performer.id, event.currentTarget.checked)}
                      className="h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-700"
                    />
                    <span className="[overflow-wrap:anywhere]">{performer.displayName}</span>
                  </label>
                </li>
              );
            })}
          </ul>
        </fieldset>
      ) : null}
      <div className="mt-5">
        {chosen.length > 0 ? (
          <AskThemAllForm performers={chosen.map((performer) => ({ id: performer.id, name: performer.displayName }))} />
        ) : (
          <p className="text-sm text-slate-700">Tick at least one performer to ask.</p>
        )}
      </div>
    </section>
  );
}
