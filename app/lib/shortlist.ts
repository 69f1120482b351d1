import { useSyncExternalStore } from "react";
import type { Audience } from "./audience";
import type { CardAvailability } from "./party-date-view";
import type { ProfileCardData } from "./profile-view";

// The visitor's shortlist lives in this browser only (localStorage): no account, no cookie, nothing
// sent to the server until the visitor opens /shortlist, which asks for the saved ids' public data.
// Every public page loads this module (the Save hearts and the header's count), so it stays small
// and imports nothing but React.

export const SHORTLIST_STORAGE_KEY = "costumecast.shortlist";
/** The most performers a shortlist (and a share link) holds. */
export const SHORTLIST_MAX = 20;

export interface ShortlistEntry {
  id: string;
  /** The name when saved, so a performer who is no longer listed can still be named. */
  name: string;
  savedAt: number;
}

const PROFILE_ID = /^[A-Za-z0-9_-]{1,128}$/;
const EMPTY: readonly ShortlistEntry[] = Object.freeze([]);

function isEntry(value: unknown): value is ShortlistEntry {
  if (typeof value !== "object" || value === null) return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.id === "string" && PROFILE_ID.test(entry.id) && typeof entry.name === "string" && typeof entry.savedAt === "number";
}

/** Whatever was stored (by an older version, by hand in devtools) read as a clean list. */
function parseStored(raw: string | null): readonly ShortlistEntry[] {
  if (!raw) return EMPTY;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return EMPTY;
    const seen = new Set<string>();
    const entries: ShortlistEntry[] = [];
    for (const item of parsed) {
      if (!isEntry(item) || seen.has(item.id)) continue;
      seen.add(item.id);
      entries.push({ id: item.id, name: item.name.slice(0, 200), savedAt: item.savedAt });
      if (entries.length === SHORTLIST_MAX) break;
    }
    return entries;
  } catch {
    return EMPTY;
  }
}

const listeners = new Set<() => void>();
// useSyncExternalStore needs the same array back until the list changes, so the parsed list is kept
// with the text it came from. Without storage (blocked, private mode) the list lives in memory.
let cachedRaw: string | null = null;
let cached: readonly ShortlistEntry[] = EMPTY;
let memoryOnly: string | null = null;
let storageBroken = false;

function readRaw(): string | null {
  if (storageBroken) return memoryOnly;
  try {
    return window.localStorage.getItem(SHORTLIST_STORAGE_KEY);
  } catch {
    storageBroken = true;
    return memoryOnly;
  }
}

function writeRaw(value: string): void {
  memoryOnly = value;
  if (storageBroken) return;
  try {
    window.localStorage.setItem(SHORTLIST_STORAGE_KEY, value);
  } catch {
    storageBroken = true;
  }
}

/** The current list (empty on the server). */
export function readShortlist(): readonly ShortlistEntry[] {
  if (typeof window === "undefined") return EMPTY;
  const raw = readRaw();
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parseStored(raw);
  }
  return cached;
}

function write(entries: readonly ShortlistEntry[]): void {
  writeRaw(JSON.stringify(entries));
  for (const listener of listeners) listener();
}

// Another tab's change arrives as a storage event (never for this tab's own writes).
function onStorage(event: StorageEvent) {
  if (event.key !== null && event.key !== SHORTLIST_STORAGE_KEY) return;
  for (const listener of listeners) listener();
}

export function subscribeToShortlist(listener: () => void): () => void {
  if (listeners.size === 0) window.addEventListener("storage", onStorage);
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener("storage", onStorage);
  };
}

export type SaveResult = "saved" | "already" | "full";

export function saveToShortlist(performer: { id: string; name: string }, now: number = Date.now()): SaveResult {
  const entries = readShortlist();
  if (entries.some((e) => e.id === performer.id)) return "already";
  if (entries.length >= SHORTLIST_MAX) return "full";
  write([...entries, { id: performer.id, name: performer.name, savedAt: now }]);
  return "saved";
}

/** Adds those not saved yet, while there is room; returns how many were added. */
export function saveAllToShortlist(performers: readonly { id: string; name: string }[], now: number = Date.now()): number {
  const entries = [...readShortlist()];
  let added = 0;
  for (const performer of performers) {
    if (entries.length >= SHORTLIST_MAX) break;
    if (entries.some((e) => e.id === performer.id)) continue;
    entries.push({ id: performer.id, name: performer.name, savedAt: now });
    added++;
  }
  if (added > 0) write(entries);
  return added;
}

export function removeFromShortlist(id: string): void {
  const entries = readShortlist();
  if (!entries.some((e) => e.id === id)) return;
  write(entries.filter((e) => e.id !== id));
}

export function clearShortlist(): void {
  write(EMPTY);
}

const serverSnapshot = () => EMPTY;

/**
 * The saved performers, oldest first. Empty during the server render and hydration (the server
 * cannot know the list), so the markup matches and the real list appears right after.
 */
export function useShortlist(): readonly ShortlistEntry[] {
  return useSyncExternalStore(subscribeToShortlist, readShortlist, serverSnapshot);
}

/**
 * The share link's path: ids are letters, digits, `-` and `_`, so the commas stay readable. A party
 * date (YYYY-MM-DD, checked by the server) goes along, so the list says who is free that day.
 */
export function shortlistHref(ids: readonly string[], date?: string | null): string {
  const params = [ids.length > 0 ? `ids=${ids.join(",")}` : "", date ? `date=${date}` : ""].filter(Boolean);
  return params.length === 0 ? "/shortlist" : `/shortlist?${params.join("&")}`;
}

/** The flags parents weigh first, as the comparison shows them. */
export interface ShortlistFlags {
  familyFriendlyOnly: boolean;
  bringOwnCostume: boolean;
  performOutdoors: boolean;
}

/** One listed performer as /shortlist compares them (built in app/server/inquiries/shortlist.server.ts). */
export interface ShortlistPerformer
  extends Pick<ProfileCardData, "id" | "displayName" | "city" | "state" | "priceMin" | "priceMax" | "categories" | "image"> {
  travelRadius: string;
  flags: ShortlistFlags;
  /** Who their shows are for; null until the performer answers. */
  audience: Audience | null;
  /** With a party date: what their calendar says about it, in the server's words. */
  partyDate?: CardAvailability | null;
}

export type ShortlistItem = { id: string; listed: true; performer: ShortlistPerformer } | { id: string; listed: false };
