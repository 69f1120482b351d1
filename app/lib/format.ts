import { CARD_CATEGORY_LIMIT } from "./constants";

const dollars = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** "$100 - $150 / hour", or null unless both bounds are set. */
export function formatPriceRange(min: number | null | undefined, max: number | null | undefined): string | null {
  if (min === null || min === undefined || max === null || max === undefined) return null;
  return `$${dollars.format(Math.round(min))} - $${dollars.format(Math.round(max))} / hour`;
}

/** How many characters a profile card names before "+N more": three short names fit two lines at 390 px. */
export const CARD_CHARACTER_LIMIT = 3;

/** The first few of a list a card shows, and how many it leaves out. */
function firstFew(list: readonly string[], limit: number): { shown: string[]; hidden: number } {
  return { shown: list.slice(0, limit), hidden: Math.max(0, list.length - limit) };
}

/** The categories a card shows, and how many it leaves out. */
export function visibleCategories(categories: readonly string[], limit: number = CARD_CATEGORY_LIMIT) {
  return firstFew(categories, limit);
}

/** The characters a card names, and how many more there are (kept apart from ~/lib/characters, which loads Zod). */
export function visibleCharacters(characters: readonly string[], limit: number = CARD_CHARACTER_LIMIT) {
  return firstFew(characters, limit);
}

export function moreLabel(hidden: number): string {
  return `+${hidden} more`;
}

/** "Austin, TX" with whichever parts exist. */
export function formatLocation(city: string | null | undefined, state: string | null | undefined): string {
  return [city, state].filter(Boolean).join(", ");
}

/** "1 performer found" / "12 performers found". */
export function performersFound(count: number): string {
  return `${dollars.format(count)} ${count === 1 ? "performer" : "performers"} found`;
}

/** The first sentence-ish part of a text, cut at a word boundary, for meta descriptions. */
export function excerpt(text: string | null | undefined, max = 155): string {
  const clean = (text ?? "").replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[,.;:!?-]+$/, "")}…`;
}

/** A `tel:` link for a phone number as typed ("(207) 555-0147" -> "tel:2075550147"). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
