import { AUDIENCE_LABELS, type Audience } from "./audience";

// The one set of rules that keeps a profile's audience answer, its two audience categories and its
// two audience flags saying the same thing. The profile form's schema reports a contradiction next
// to the field (nothing is saved), the editor's save checks it again on the server, and the
// dashboard's "Who are your shows for?" applies it to what the profile already holds. Migration
// 0017 infers the answer with the same reading as `inferAudience` (tests/server/audience.test.ts).
//
// Decided:
// - Kids' Parties Only belongs to "Kids and families", 18+ Events Only to "Adults only (18+)"; both
//   are optional for their answer and refused with any other (so never together).
// - family_friendly_only follows the answer: on for kids and all ages, off for adults only. The
//   editor no longer asks it; the answer says it.
// - adult_themes_ok may be on only for adults only: "Family-friendly" beside "Open to adult-themed
//   events" was the contradiction profiles held, and all ages is family-friendly too.

export const KIDS_CATEGORY = "Kids' Parties Only";
export const ADULTS_CATEGORY = "18+ Events Only";

/** The audience each of the two audience categories belongs to. */
const CATEGORY_AUDIENCE: Record<string, Audience> = { [KIDS_CATEGORY]: "kids", [ADULTS_CATEGORY]: "adults" };

export const BOTH_AUDIENCE_CATEGORIES = "Kids' Parties Only and 18+ Events Only can't both be chosen. Keep the one that fits your shows.";
export const AUDIENCE_REQUIRED = "Choose who your shows are for";
export const ADULT_THEMES_NEED_ADULTS = "Adult-themed events are only for adults-only shows. Untick this, or choose Adults only (18+).";

/** How the answer reads inside a sentence ("doesn't fit shows for …"). */
const FOR_WHOM: Record<Audience, string> = {
  kids: "shows for kids and families",
  all: "shows for all ages",
  adults: "adults-only shows",
};

function categoryMismatch(category: string, audience: Audience): string {
  const fits = CATEGORY_AUDIENCE[category];
  const remedy = fits ? `choose ${AUDIENCE_LABELS[fits]}` : "change who your shows are for";
  return `${category} doesn't fit ${FOR_WHOM[audience]}. Untick it, or ${remedy}.`;
}

export interface AudienceFlags {
  familyFriendlyOnly: boolean;
  adultThemesOk: boolean;
}

/** What a profile says about its audience, as the rules read it. */
export interface AudienceAnswers {
  audience: Audience;
  categories: readonly string[];
  adultThemesOk: boolean;
}

export type AudienceProblems = Partial<Record<"categories" | "adultThemesOk", string>>;

/** Categories the answer refuses: the other audience's category (and Kids' Parties Only for all ages). */
export function conflictingCategories(audience: Audience, categories: readonly string[]): string[] {
  return categories.filter((category) => {
    const owner = CATEGORY_AUDIENCE[category];
    return owner !== undefined && owner !== audience;
  });
}

/** Whether both audience categories are chosen, which no answer allows. */
export function hasBothAudienceCategories(categories: readonly string[]): boolean {
  return categories.includes(KIDS_CATEGORY) && categories.includes(ADULTS_CATEGORY);
}

/** The contradictions in what a performer chose, by the field that shows the message; empty when none. */
export function audienceProblems({ audience, categories, adultThemesOk }: AudienceAnswers): AudienceProblems {
  const problems: AudienceProblems = {};
  if (hasBothAudienceCategories(categories)) {
    problems.categories = BOTH_AUDIENCE_CATEGORIES;
  } else {
    const [conflict] = conflictingCategories(audience, categories);
    if (conflict) problems.categories = categoryMismatch(conflict, audience);
  }
  if (adultThemesOk && audience !== "adults") problems.adultThemesOk = ADULT_THEMES_NEED_ADULTS;
  return problems;
}

/** The flags an answer fixes; `adultThemesOk` is the performer's own choice, kept only for adults only. */
export function audienceFlags(audience: Audience, adultThemesOk: boolean): AudienceFlags {
  return { familyFriendlyOnly: audience !== "adults", adultThemesOk: audience === "adults" && adultThemesOk };
}

export interface Reconciled {
  categories: string[];
  /** The categories the answer took off, in their order. */
  removed: string[];
  flags: AudienceFlags;
}

/**
 * An answer given on its own (the dashboard's question) applied to what the profile holds: the
 * categories it refuses come off and the flags follow it. The caller refuses the answer when no
 * category would be left.
 */
export function reconcileAudience({ audience, categories, adultThemesOk }: AudienceAnswers): Reconciled {
  const removed = conflictingCategories(audience, categories);
  return {
    categories: categories.filter((category) => !removed.includes(category)),
    removed,
    flags: audienceFlags(audience, adultThemesOk),
  };
}

/**
 * The answer a profile's older fields give where they agree, or null where they are silent or
 * contradict each other (the dashboard then asks). Migration 0017 reads old profiles this way:
 * the 18+ category alone says adults only; Kids' Parties Only alone, without adult themes, says
 * kids; a family-friendly-only act with neither category and no adult themes plays for all ages.
 */
export function inferAudience(categories: readonly string[], flags: AudienceFlags): Audience | null {
  const kids = categories.includes(KIDS_CATEGORY);
  const adults = categories.includes(ADULTS_CATEGORY);
  if (adults && !kids) return "adults";
  if (kids && !adults) return flags.adultThemesOk ? null : "kids";
  if (!kids && !adults && flags.familyFriendlyOnly && !flags.adultThemesOk) return "all";
  return null;
}

/** The flag the answer decides on its own, which the editor therefore does not ask. */
export const AUDIENCE_FOLLOWED_FLAG = "familyFriendlyOnly";

function listed(names: readonly string[]): string {
  return names.join(" and ");
}

/** Why the dashboard refuses an answer that would take off every category the profile lists. */
export function noCategoryLeftMessage(audience: Audience, removed: readonly string[]): string {
  const only = removed.length === 1 ? `Your only category, ${removed[0]}, doesn't` : `Your only categories, ${listed(removed)}, don't`;
  return `${only} fit ${FOR_WHOM[audience]}. Choose categories that fit in Edit Profile, and answer there.`;
}

/** The dashboard's thanks once the answer is saved, saying which categories it took off. */
export function audienceSavedMessage(audience: Audience, removed: readonly string[]): string {
  const saved = `Thanks! Your profile now says: ${AUDIENCE_LABELS[audience]}.`;
  if (removed.length === 0) return saved;
  return `${saved} ${listed(removed)} ${removed.length === 1 ? "was" : "were"} taken off your categories, as ${removed.length === 1 ? "it doesn't" : "they don't"} fit that answer.`;
}
