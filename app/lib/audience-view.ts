import { AUDIENCE_LABELS, type Audience } from "./audience";

// How cards and profiles word a performer's audience answer. Cards import it, so it stays a few
// bytes with no schema behind it (the rules are app/lib/audience-rules.ts).

/** How a profile states the answer, among its facts and in its Performance Details. */
export const AUDIENCE_STATEMENTS: Record<Audience, string> = {
  kids: "Family-friendly shows for kids and families",
  all: "Family-friendly shows for all ages",
  adults: "Adults only (18+): shows for adult events",
};

// The "Adults only (18+)" badge a card always shows for an adults-only act, before any category and
// never folded into "+N": a parent scanning a list must not find it behind "+2 more".

export const ADULTS_ONLY_BADGE = AUDIENCE_LABELS.adults;
const ADULTS_CATEGORY = "18+ Events Only";

/**
 * Whether a card marks the act adults only: its answer says so, or (a profile not yet asked) it
 * holds the 18+ category.
 */
export function isAdultsOnlyAct(audience: Audience | null | undefined, categories: readonly string[]): boolean {
  return audience === "adults" || categories.includes(ADULTS_CATEGORY);
}

/**
 * The card's badges: whether the adults-only badge leads, and the categories that follow it (the
 * 18+ category left out when the badge already says it), which the card may fold into "+N".
 */
export function cardBadges(
  audience: Audience | null | undefined,
  categories: readonly string[],
): { adultsOnly: boolean; categories: readonly string[] } {
  if (!isAdultsOnlyAct(audience, categories)) return { adultsOnly: false, categories };
  return { adultsOnly: true, categories: categories.filter((category) => category !== ADULTS_CATEGORY) };
}

/** The categories with 18+ Events Only first, for a list that folds the rest into "+N more" (the admin's table). */
export function adultsCategoryFirst(categories: readonly string[]): string[] {
  return categories.includes(ADULTS_CATEGORY) ? [ADULTS_CATEGORY, ...categories.filter((category) => category !== ADULTS_CATEGORY)] : [...categories];
}
