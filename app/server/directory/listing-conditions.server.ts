import { desc, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { admittedAudiences, type AudienceFilter, type ListingRefinements, type ListingSort } from "~/lib/listing-refinements";
import { ADULTS_ONLY_CATEGORY } from "~/lib/directory-params";
import { profileCategories, profiles } from "../db/schema";
import type { Point } from "../search/zip.server";
import { allInPriceSql, priceFromColumn } from "./all-in-sql.server";
import { todayIso } from "./visibility.server";

// The listing refinements (app/lib/listing-refinements.ts) as SQL, shared by every listing: browse,
// a category, a city page and search. Each condition names only `profiles` columns that
// profile_search repeats under the same names (audience, group_performer, created_at, id), so it
// applies unchanged to the profiles table and to narrowProfiles (profile_search read under the name
// profiles, app/server/db/narrow-profiles.server.ts); the budget and the price order read the
// narrow copy's own all-in columns (migration 0032). Distance (`miles`) needs a
// place and is the place listing's own business; it is not here. The reviewed-document filters
// (issue 28) read checked_until and insured_until, which profile_search repeats since migration 0041.

/**
 * Where a condition reads a profile's categories: "lookup" asks profile_categories row by row (the
 * profiles table, or the narrow copy read along an index that lacks them); "copy" reads the narrow
 * copy's own `categories` (migration 0027), which its coordinates index holds, so a place's box is
 * sifted inside the index. Only reads of narrowProfiles may use "copy".
 */
export type CategorySource = "lookup" | "copy";

/** The narrow copy's categories, read under the name profiles (narrowProfiles). */
export const copiedCategories = sql`${sql.identifier("profiles")}.${sql.identifier("categories")}`;
const textArray = (values: readonly string[]) => sql`array[${sql.join(values.map((v) => sql`${v}`), sql`, `)}]::text[]`;

/** In at least one of `categories` (none asked: no condition). */
export function categoryCondition(categories: readonly string[], source: CategorySource): SQL[] {
  if (categories.length === 0) return [];
  if (source === "copy") return [sql`${copiedCategories} && ${textArray(categories)}`];
  return [
    sql`exists (select 1 from ${profileCategories} where ${profileCategories.profileId} = ${profiles.id} and ${inArray(profileCategories.category, [...categories])})`,
  ];
}

/** In the 18+ category, tested per row (OFFSET 0 keeps a lookup correlated: see audienceCondition). */
function inAdultsCategory(source: CategorySource): SQL {
  if (source === "copy") return sql`${copiedCategories} @> ${textArray([ADULTS_ONLY_CATEGORY])}`;
  return sql`exists (select 1 from ${profileCategories} where ${profileCategories.profileId} = ${profiles.id} and ${profileCategories.category} = ${ADULTS_ONLY_CATEGORY} offset 0)`;
}

/** Whose shows a listing admits: the default family filter drops adults-only acts only. */
export function audienceCondition(filter: AudienceFilter, source: CategorySource = "lookup"): SQL | null {
  const admitted = admittedAudiences(filter);
  if (!admitted) return null;
  const listed = inArray(profiles.audience, admitted.audiences);
  if (!admitted.unknownAdmitted) return listed;
  // A profile whose performer has not answered yet (null) is shown in family listings, as before
  // the question existed, unless it is in the 18+ category: answers that contradict each other
  // ("Kids' Parties Only" beside "18+ Events Only") keep it out until its performer says. "Young
  // children" asks for a clear answer.
  // Looked up per unanswered row (OFFSET 0 keeps it correlated): as a hash of every 18+ member
  // (129,000 at 1,000,000 profiles) it cost every family listing 55 ms.
  return or(listed, sql`(${isNull(profiles.audience)} and not ${inAdultsCategory(source)})`) as SQL;
}

/**
 * A performer whose lowest all-in price (their cheapest package delivered to `point`, or their
 * hourly minimum without packages: all-in-sql.server.ts) is within the budget; one who shows no
 * price is kept (ask them). Reads the narrow copy's all-in columns (migration 0032), so only reads
 * of narrowProfiles may use it, as every listing with refinements does.
 */
export function budgetCondition(budget: number | null, point: Point | null = null): SQL | null {
  if (!budget) return null;
  return sql`(${priceFromColumn} is null or ${allInPriceSql(point)} <= ${budget})`;
}

/** A column named alike on profiles and on the narrow copy read as profiles. */
const sharedColumn = (name: string) => sql`${sql.identifier("profiles")}.${sql.identifier(name)}`;

/**
 * "Background check reviewed" and "Insured": the reviewed document's date (kept on the profile by
 * trust/figures.server.ts, repeated on the narrow copy) is today or later. Compared with `today`,
 * like the listing's own expiry, so a badge and the filter end together at expiry without a job.
 */
export function trustConditions(refinements: Pick<ListingRefinements, "checked" | "insured">, today: string): SQL[] {
  const conditions: SQL[] = [];
  if (refinements.checked) conditions.push(sql`${sharedColumn("checked_until")} >= ${today}`);
  if (refinements.insured) conditions.push(sql`${sharedColumn("insured_until")} >= ${today}`);
  return conditions;
}

export function sizeCondition(size: ListingRefinements["size"]): SQL | null {
  if (!size) return null;
  return eq(profiles.groupPerformer, size === "group");
}

/**
 * Every refinement that narrows a listing, as conditions to AND with the listing's own; `point` is
 * the place searched, if any (the budget's travel fees), and `today` the day the reviewed documents
 * must still be valid on (the listing's own day).
 */
export function refinementConditions(
  refinements: Pick<ListingRefinements, "audience" | "budget" | "size"> & Partial<Pick<ListingRefinements, "checked" | "insured">>,
  source: CategorySource = "lookup",
  point: Point | null = null,
  today: string = todayIso(),
): SQL[] {
  return [
    audienceCondition(refinements.audience, source),
    budgetCondition(refinements.budget, point),
    sizeCondition(refinements.size),
    ...trustConditions({ checked: refinements.checked ?? false, insured: refinements.insured ?? false }, today),
  ].filter((condition): condition is SQL => condition !== null);
}

// Newest listings first; the id breaks ties so paging is stable when rows share a timestamp.
export const NEWEST_FIRST: SQL[] = [desc(profiles.createdAt), desc(profiles.id)];

// Lowest price first (the all-in price without a place, the lowest-price index's order); a
// performer who shows no price comes after every priced one, newest first among equals so the
// order is stable from page to page. Narrow copy only, like the budget.
export const PRICE_FIRST: SQL[] = [sql`${priceFromColumn} asc nulls last`, ...NEWEST_FIRST];

/**
 * The order a plain listing sorts by: lowest price, or newest. "best" and "nearest" mean relevance
 * and distance, which only a search or a place can rank by; they fall back to newest here, so a
 * caller that ranks by them puts its own order first and may append this one to break ties.
 */
export function refinementOrder(sort: ListingSort): SQL[] {
  return sort === "price" ? PRICE_FIRST : NEWEST_FIRST;
}

/** The narrowing refinements as a stable key part, for remembered counts. */
export function refinementKey(refinements: Pick<ListingRefinements, "audience" | "budget" | "size"> & Partial<Pick<ListingRefinements, "checked" | "insured">>): string {
  return `${refinements.audience}|${refinements.budget ?? ""}|${refinements.size ?? ""}|${refinements.checked ? "c" : ""}${refinements.insured ? "i" : ""}`;
}
