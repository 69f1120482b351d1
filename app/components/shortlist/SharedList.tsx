import { useState } from "react";
import { Button, ButtonLink } from "~/components/ui/Button";
import { onDemand, ServerHtmlUntil } from "~/components/ui/ServerHtmlUntil";
import { useHydrated } from "~/components/ui/useHydrated";
import { saveAllToShortlist, SHORTLIST_MAX, useShortlist, type ShortlistItem } from "~/lib/shortlist";
import { listedPerformers, performersCount, toEntry } from "./list-entries";
import { PartyDateFilter } from "./PartyDateFilter";
import { ShortlistComparison } from "./ShortlistComparison";

// A shared list (/shortlist?ids=...), loaded on demand by the route with its comparison, so that
// the own list does not download it.

// "Ask them all": its code (the inquiry form's) loads once the visitor reaches into it
// (ServerHtmlUntil); the own list loads it with its controls (OwnList).
const askThemAll = onDemand(() => import("./AskThemAll"));
if (import.meta.env.SSR) askThemAll.load().catch(() => undefined);

type SaveAllState = { status: "idle" } | { status: "saved"; added: number; full: boolean };

/** Someone else's list, from a share link: shown as it is, with a way to keep it; with a party date, who is free then. */
export function SharedList({ items, date }: { items: readonly ShortlistItem[]; date: string | null }) {
  const hydrated = useHydrated();
  const own = useShortlist();
  const [saveState, setSaveState] = useState<SaveAllState>({ status: "idle" });
  const ownNames = new Map(own.map((entry) => [entry.id, entry.name]));
  const entries = items.map((item) => toEntry(item, ownNames.get(item.id) ?? null));
  const listed = listedPerformers(entries);
  const allSaved = hydrated && listed.length > 0 && listed.every((performer) => ownNames.has(performer.id));

  const saveAll = () => {
    const missing = listed.filter((performer) => !ownNames.has(performer.id)).length;
    const added = saveAllToShortlist(listed.map((performer) => ({ id: performer.id, name: performer.displayName })));
    // Fewer added than were missing: the visitor's own list ran out of room.
    setSaveState({ status: "saved", added, full: added < missing });
  };

  return (
    <>
      <section aria-labelledby="shortlist-list">
        <h2 id="shortlist-list" className="text-xl font-semibold text-slate-900">
          {performersCount(items.length)} on this list
        </h2>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          {listed.length > 0 ? (
            <Button size="lg" className="min-h-11" disabled={!hydrated || allSaved} onClick={saveAll}>
              {allSaved ? "All saved to your shortlist" : "Save these to my shortlist"}
            </Button>
          ) : null}
          {hydrated && own.length > 0 ? (
            <ButtonLink to="/shortlist" variant="secondary" size="lg" className="min-h-11">
              Open my shortlist
            </ButtonLink>
          ) : null}
        </div>
        <p role="status" className="mt-2 text-sm text-slate-700">
          {saveState.status === "saved"
            ? `${saveState.added === 0 ? "Nothing new to save." : `Saved ${performersCount(saveState.added)} to your shortlist.`}${
                saveState.full ? ` Your shortlist holds ${SHORTLIST_MAX} performers, so the rest were not saved.` : ""
              }`
            : ""}
        </p>
        <div className="mt-4">
          <PartyDateFilter ids={items.map((item) => item.id)} date={date} />
        </div>
        <div className="mt-4">
          <ShortlistComparison entries={entries} mode="shared" />
        </div>
      </section>
      {listed.length > 0 ? (
        <ServerHtmlUntil
          key={date ?? ""}
          module={askThemAll}
          live="interaction"
          render={(m) => <m.AskThemAll key={date ?? ""} performers={listed} date={date} />}
        />
      ) : null}
    </>
  );
}
