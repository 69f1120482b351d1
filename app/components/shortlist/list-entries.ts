import type { ShortlistItem, ShortlistPerformer } from "~/lib/shortlist";
import type { ComparisonEntry } from "./ShortlistComparison";

// A list's columns, for the own list and a shared one alike.

export function toEntry(item: ShortlistItem, fallbackName: string | null): ComparisonEntry {
  return item.listed
    ? { id: item.id, name: item.performer.displayName, status: "listed", performer: item.performer }
    : { id: item.id, name: fallbackName, status: "unavailable" };
}

export function listedPerformers(entries: readonly ComparisonEntry[]): ShortlistPerformer[] {
  return entries.flatMap((entry) => (entry.status === "listed" ? [entry.performer] : []));
}

export function performersCount(count: number): string {
  return `${count} ${count === 1 ? "performer" : "performers"}`;
}
