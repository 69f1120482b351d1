import { eq, sql } from "drizzle-orm";
import { isAudience } from "~/lib/audience";
import { AUDIENCE_REQUIRED, audienceFlags, audienceProblems } from "~/lib/audience-rules";
import { CATEGORIES, DEFAULT_TRAVEL_RANGE } from "~/lib/constants";
import { hasControlCharacter } from "~/lib/form";
import {
  defaultProfileValues,
  PROFILE_FIELDS,
  type ProfileField,
  type ProfileFormColumn,
  type ProfileFormValues,
  type ProfileErrors,
  type ProfileInput,
  profileSchema,
} from "~/lib/profile-schema";
import { findState } from "~/lib/us-states";
import type { SessionUser } from "../auth/auth.server";
import type { Executor } from "../db/client.server";
import { profileCategories, profiles, user } from "../db/schema";
import type { ListingContext } from "../payments/context.server";
import { startFreeYearOnSave } from "../payments/grants.server";
import { closestGazetteerCities, findGazetteerCity, statesWithGazetteerCity } from "../places/gazetteer.server";
import { emptyOfferValues, offerValues, type OfferFormValues, type OfferInput } from "~/lib/package-schema";
import { offerColumns, readOffer, replacePackages } from "./packages.server";
import { refreshSearchDocument } from "./search-document.server";

// Loading and saving a profile from the editor. Who may edit which profile is decided here, so the
// loader and the action cannot disagree.

/**
 * Columns of `profiles` a performer never writes: the payment state, its expiry and the active flag
 * (set by payments and admins), the id, timestamps, and what the server derives on save.
 */
type ServerOwnedColumn =
  | "id"
  | "isActive"
  | "paymentStatus"
  | "paymentExpiry"
  | "latitude"
  | "longitude"
  | "searchText"
  | "createdAt"
  | "updatedAt";
type WritableColumn = Exclude<keyof typeof profiles.$inferInsert, ServerOwnedColumn>;
// A type error when the form's field table names anything but a performer-writable `profiles` column.
type Writable<C extends WritableColumn> = C;
type EditableColumn = Writable<ProfileFormColumn>;
type EditableField = Exclude<ProfileField, "categories">;

/**
 * The only profile columns the editor writes, each with the form field whose parsed value it takes,
 * derived from the form's field table (PROFILE_FIELDS). Payment status, expiry, the active flag, ids
 * and timestamps are deliberately absent: whatever a request carries, they cannot change here.
 */
export const EDITABLE_COLUMNS: readonly { readonly field: EditableField; readonly column: EditableColumn }[] = Object.freeze(
  PROFILE_FIELDS.flatMap((entry) => (entry.column === null ? [] : [Object.freeze({ field: entry.name, column: entry.column })])),
);

type EditableRow = Pick<typeof profiles.$inferInsert, EditableColumn | "latitude" | "longitude">;

export type EditorMode = "new" | "incomplete" | "complete";

export interface EditTarget {
  profileId: string;
  /** An admin working on a profile through /dashboard/edit-profile/{id}: returns to /admin. */
  adminEdit: boolean;
}

/**
 * Which profile a request may edit. The own profile always; another id only for an admin.
 * Returns null when a performer addresses someone else's profile.
 */
export function resolveEditTarget(actor: SessionUser, requestedId: string | undefined): EditTarget | null {
  if (requestedId === undefined) return { profileId: actor.id, adminEdit: false };
  if (requestedId !== actor.id && !actor.isAdmin) return null;
  return { profileId: requestedId, adminEdit: actor.isAdmin };
}

export interface EditorData extends EditTarget {
  mode: EditorMode;
  values: ProfileFormValues;
  /** The Packages section: packages, travel fee, deposit (app/lib/package-schema.ts). */
  offer: OfferFormValues;
}

export type LoadResult = { status: "ok"; data: EditorData } | { status: "forbidden" } | { status: "not-found" };

function modeOf(row: { displayName: string | null; bio: string | null; state: string | null; city: string | null } | undefined): EditorMode {
  if (!row) return "new";
  return row.displayName && row.bio && row.state && row.city ? "complete" : "incomplete";
}

function orderedCategories(list: readonly string[]): string[] {
  return CATEGORIES.filter((c) => list.includes(c));
}

/** The editor's starting values: the stored profile, or the spec's defaults for a new one. */
export async function loadProfileForEdit(db: Executor, actor: SessionUser, requestedId?: string): Promise<LoadResult> {
  const target = resolveEditTarget(actor, requestedId);
  if (!target) return { status: "forbidden" };
  // No profile id holds one (an admin's address with a NUL byte failed in SQL as a 500).
  if (hasControlCharacter(target.profileId)) return { status: "not-found" };

  const [row] = await db.select().from(profiles).where(eq(profiles.id, target.profileId)).limit(1);
  if (!row) {
    // Only one's own profile is created from the editor; an admin cannot conjure one for someone else.
    if (target.profileId !== actor.id) return { status: "not-found" };
    return { status: "ok", data: { ...target, mode: "new", values: defaultProfileValues(actor.email), offer: emptyOfferValues() } };
  }

  const categories = await db
    .select({ category: profileCategories.category })
    .from(profileCategories)
    .where(eq(profileCategories.profileId, row.id));

  let contactEmail = row.contactEmail;
  if (!contactEmail) {
    const [account] = await db.select({ email: user.email }).from(user).where(eq(user.id, row.id)).limit(1);
    contactEmail = account?.email ?? "";
  }

  const text = (value: string | number | null) => (value === null ? "" : String(value));
  const values: ProfileFormValues = defaultProfileValues(contactEmail);
  for (const field of PROFILE_FIELDS) {
    if (field.kind === "text" && field.name !== "contactEmail") values[field.name] = text(row[field.column]);
    else if (field.kind === "flag") values[field.name] = row[field.column];
    else if (field.kind === "list") values[field.name] = [...row[field.column]];
  }
  values.categories = orderedCategories(categories.map((c) => c.category));
  const offer = offerValues(await readOffer(db, row.id, row));
  return { status: "ok", data: { ...target, mode: modeOf(row), values, offer } };
}

/** "A", "A or B", "A, B or C". */
function orList(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names[names.length - 1]}`;
}

/** "A", "A and B", "A, B and C". */
function andList(names: readonly string[]): string {
  return names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** Other states named in a message about a city that is not in the chosen one; more would be no help. */
const MAX_OTHER_STATES = 3;
const SHOWN_CITY_LENGTH = 40;

/**
 * Why a city cannot be saved with that state, in words that help fix it (the closest spellings the
 * state has, or the states that do have that name), or null when the city is one of the state's.
 * The browser does not hold the 29,000 names, so this is checked on the server only.
 */
export function cityProblem(state: string, city: string): string | null {
  const usState = findState(state);
  if (!usState || city.trim() === "" || findGazetteerCity(usState.abbreviation, city)) return null;
  const typed = city.trim().length > SHOWN_CITY_LENGTH ? `${city.trim().slice(0, SHOWN_CITY_LENGTH)}...` : city.trim();
  const notFound = `We couldn't find "${typed}" in ${usState.name}.`;
  const close = closestGazetteerCities(usState.abbreviation, city, 3).map((place) => place.name);
  if (close.length > 0) return `${notFound} Did you mean ${orList(close)}?`;
  const elsewhere = statesWithGazetteerCity(city, usState.abbreviation);
  if (elsewhere.length > 0 && elsewhere.length <= MAX_OTHER_STATES) {
    return `${notFound} ${andList(elsewhere)} ${elsewhere.length === 1 ? "has" : "have"} one: check the state, or enter the nearest town in ${usState.name}.`;
  }
  return `${notFound} Check the spelling, or enter the nearest town.`;
}

/**
 * The editor's form as the action reads it: the shared schema (which the browser runs too), plus
 * what only the server can check, that the city is one of the chosen state's. It runs even when
 * other fields failed, so a bad city is reported alongside them.
 */
export const profileFormSchema = profileSchema.superRefine(
  (value, ctx) => {
    const { state, city } = value as { state: unknown; city: unknown };
    if (typeof state !== "string" || typeof city !== "string") return;
    const problem = cityProblem(state, city);
    if (problem) ctx.addIssue({ code: "custom", path: ["city"], message: problem });
  },
  { when: () => true },
);

/**
 * Copies exactly the allow-listed columns; anything else on the input is ignored. The city is
 * stored under the gazetteer's name for it ("kissimmee" is Kissimmee) with its coordinates, and
 * the family-friendly and adult-themes flags follow the audience answer (app/lib/audience-rules.ts).
 */
export function editableRow(input: ProfileInput): EditableRow {
  const row: Record<string, unknown> = {};
  for (const { field, column } of EDITABLE_COLUMNS) row[column] = input[field];
  Object.assign(row, audienceFlags(input.audience, input.adultThemesOk));
  const city = findGazetteerCity(input.state, input.city);
  row.city = city?.name ?? input.city;
  row.latitude = city?.latitude ?? null;
  row.longitude = city?.longitude ?? null;
  return row as EditableRow;
}

export type SaveResult =
  | { status: "saved"; target: EditTarget }
  | { status: "invalid"; errors: ProfileErrors }
  | { status: "forbidden" }
  | { status: "not-found" };

/**
 * Writes the profile row, replaces its categories (and, with `input.offer`, its packages, travel
 * fee and deposit) and refreshes its search document in one transaction: a failure anywhere leaves
 * the stored profile exactly as it was. Without `offer` the packages are left as they are. A city the state
 * does not have is refused before anything is written. With `listing` (where its mails link), a
 * free year waiting for this listing starts in the same transaction once the save lets it go live.
 */
export async function saveProfile(
  db: Executor,
  actor: SessionUser,
  requestedId: string | undefined,
  input: ProfileInput & { offer?: OfferInput },
  listing?: ListingContext,
): Promise<SaveResult> {
  const target = resolveEditTarget(actor, requestedId);
  if (!target) return { status: "forbidden" };
  if (hasControlCharacter(target.profileId)) return { status: "not-found" };
  // The action has already said so next to the field; this keeps any other caller from filing a
  // profile under a city that has no coordinates.
  const problem = cityProblem(input.state, input.city);
  if (problem) return { status: "invalid", errors: { city: problem } };
  // The schema says so by the fields first; this keeps any other caller from saving an answer that
  // contradicts the categories (nothing is written).
  if (!isAudience(input.audience)) return { status: "invalid", errors: { audience: AUDIENCE_REQUIRED } };
  const contradictions = audienceProblems({ audience: input.audience, categories: input.categories, adultThemesOk: input.adultThemesOk });
  if (Object.keys(contradictions).length > 0) return { status: "invalid", errors: contradictions };
  const row = { ...editableRow(input), ...(input.offer ? offerColumns(input.offer) : {}) };
  const categories = orderedCategories(input.categories);

  // A range other than the default is a choice; the first one is remembered (the dashboard's
  // "Check your travel range" then goes). Saving the default is not: it may be left unnoticed.
  const chosen = row.travelRadius !== DEFAULT_TRAVEL_RANGE;
  const firstChoice = chosen ? { travelRadiusChosenAt: sql`coalesce(${profiles.travelRadiusChosenAt}, now())` } : {};

  return db.transaction(async (tx) => {
    if (target.profileId === actor.id) {
      await tx
        .insert(profiles)
        .values({ id: target.profileId, ...row, ...(chosen ? { travelRadiusChosenAt: new Date() } : {}) })
        .onConflictDoUpdate({ target: profiles.id, set: { ...row, ...firstChoice } });
    } else {
      const updated = await tx
        .update(profiles)
        .set({ ...row, ...firstChoice })
        .where(eq(profiles.id, target.profileId))
        .returning({ id: profiles.id });
      if (updated.length === 0) return { status: "not-found" } as const;
    }
    await tx.delete(profileCategories).where(eq(profileCategories.profileId, target.profileId));
    if (categories.length > 0) {
      await tx.insert(profileCategories).values(categories.map((category) => ({ profileId: target.profileId, category })));
    }
    if (input.offer) await replacePackages(tx, target.profileId, input.offer.packages);
    await refreshSearchDocument(tx, target.profileId);
    if (listing) await startFreeYearOnSave(tx, target.profileId, listing);
    return { status: "saved", target } as const;
  });
}
