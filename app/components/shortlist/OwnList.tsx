import type { Ref } from "react";
import type { ShortlistItem } from "~/lib/shortlist";
import { AskThemAll } from "./AskThemAll";
import { ClearShortlist } from "./ClearShortlist";
import { listedPerformers, performersCount, toEntry } from "./list-entries";
import { PartyDateFilter } from "./PartyDateFilter";
import { ShareShortlist } from "./ShareShortlist";
import { ShortlistComparison, type ComparisonEntry } from "./ShortlistComparison";

// The visitor's own list once it has performers: loaded on demand by /shortlist, so neither its
// usual first visit (an empty list) nor a shared list downloads the sharing and clearing controls.

interface OwnListProps {
  /** The saved performers, in the list's order. */
  saved: readonly { id: string; name: string }[];
  /** Their public data, as far as it has arrived. */
  fetched: ReadonlyMap<string, ShortlistItem>;
  headingRef: Ref<HTMLHeadingElement>;
  onClear: () => void;
  onRemove: (id: string) => void;
  /** The party date in the address (checked by the server), or null. */
  date: string | null;
}

export function OwnList({ saved, fetched, headingRef, onClear, onRemove, date }: OwnListProps) {
  const entries = saved.map((entry): ComparisonEntry => {
    const item = fetched.get(entry.id);
    return item ? toEntry(item, entry.name) : { id: entry.id, name: entry.name, status: "loading" };
  });
  const listed = listedPerformers(entries);
  return (
    <>
      <section aria-labelledby="shortlist-list">
        <h2 id="shortlist-list" ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900">
          {performersCount(saved.length)} saved
        </h2>
        <div className="mt-3 max-w-xl">
          {listed.length > 0 ? (
            <ShareShortlist ids={listed.map((performer) => performer.id)} date={date}>
              <ClearShortlist count={entries.length} onClear={onClear} />
            </ShareShortlist>
          ) : (
            <div className="flex flex-wrap gap-2">
              <ClearShortlist count={entries.length} onClear={onClear} />
            </div>
          )}
        </div>
        <div className="mt-4">
          <PartyDateFilter date={date} />
        </div>
        <div className="mt-4">
          <ShortlistComparison entries={entries} mode="own" onRemove={onRemove} />
        </div>
      </section>
      {listed.length > 0 ? <AskThemAll key={date ?? ""} performers={listed} date={date} /> : null}
    </>
  );
}
