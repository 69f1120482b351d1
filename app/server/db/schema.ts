// The one database schema. Relative imports only: drizzle-kit loads this file without the `~/` alias.
import { sql, type SQL } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  CATEGORIES,
  EXPERIENCE_OPTIONS,
  FREE_LISTING_SPOTS,
  PAID_EVENTS_OPTIONS,
  PAYMENT_STATUSES,
  REQUEST_STATUSES,
  TRAVEL_ANSWERS,
  TRAVEL_RANGE_VALUES,
} from "../../lib/constants";
import { AUDIENCES } from "../../lib/audience";

const tsvector = customType<{ data: string }>({
  dataType() {
    return "tsvector";
  },
});

/** The days profile_search.busy_days covers (migration 0034). */
export const BUSY_DAYS_SPAN = 800;

/** A fixed-length bit string, read and written as its text of 0s and 1s. */
const bits = customType<{ data: string; config: { length: number } }>({
  dataType(config) {
    return `bit(${config?.length ?? 1})`;
  },
});

function sqlList(values: readonly string[]) {
  return sql.raw(values.map((v) => `'${v.replace(/'/g, "''")}'`).join(", "));
}

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

// ---------------------------------------------------------------- better-auth
export const user = pgTable(
  "user",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull().unique(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    ...timestamps,
  },
  // The admin's profile search matches any part of the account email (ILIKE '%term%'), which only a
  // trigram index can answer without reading every account.
  (t) => [
    index("user_email_trgm_idx").using("gin", sql`${t.email} gin_trgm_ops`),
    // The few accounts still waiting for their address to be confirmed, oldest first: the removal job's
    // read (jobs/unconfirmed-accounts.server.ts) without touching the confirmed ones.
    index("user_unconfirmed_created_idx").on(t.createdAt).where(sql`not email_verified`),
  ],
);

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

// better-auth's rate limiter keeps its counters here so every app process shares them.
export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// ---------------------------------------------------------------- product
export const userRoles = pgTable(
  "user_roles",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] }), check("user_roles_role_check", sql`${t.role} in ('admin')`)],
);

export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    displayName: text("display_name"),
    bio: text("bio"),
    state: text("state"),
    city: text("city"),
    // Coordinates of the chosen city, copied from the reference data on save, for ZIP radius search.
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    priceMin: integer("price_min"),
    priceMax: integer("price_max"),
    facebook: text("facebook"),
    instagram: text("instagram"),
    tiktok: text("tiktok"),
    twitter: text("twitter"),
    contactEmail: text("contact_email"),
    isActive: boolean("is_active").notNull().default(true),
    paymentStatus: text("payment_status").notNull().default("pending"),
    paymentExpiry: date("payment_expiry", { mode: "string" }),
    travelRadius: text("travel_radius").notNull().default("local_only"),
    // When the performer first chose a travel range (migration 0023): saving a range other than the
    // default, or keeping the default from the dashboard. Until then the checklist asks them to check
    // it, since "Local only", kept unnoticed, is found by almost no one.
    travelRadiusChosenAt: timestamp("travel_radius_chosen_at", { withTimezone: true }),
    availableForTravel: boolean("available_for_travel").notNull().default(false),
    availableVirtual: boolean("available_virtual").notNull().default(false),
    requireTravelExpenses: boolean("require_travel_expenses").notNull().default(false),
    requireDeposit: boolean("require_deposit").notNull().default(false),
    bringOwnCostume: boolean("bring_own_costume").notNull().default(true),
    performOutdoors: boolean("perform_outdoors").notNull().default(true),
    requireDressingRoom: boolean("require_dressing_room").notNull().default(false),
    familyFriendlyOnly: boolean("family_friendly_only").notNull().default(false),
    adultThemesOk: boolean("adult_themes_ok").notNull().default(false),
    groupPerformer: boolean("group_performer").notNull().default(false),
    backgroundCheck: boolean("background_check").notNull().default(false),
    // Who the shows are for, one answer (app/lib/audience.ts): kids, all or adults. Null until the
    // performer answers (profiles older than migration 0017 whose old answers could not tell); the
    // dashboard asks them. Adults-only acts stay out of every search unless the visitor asks for
    // adult events. The Kids' Parties Only and 18+ Events Only categories and family_friendly_only
    // follow it (the profile editor keeps them consistent).
    audience: text("audience"),
    // How soon this performer usually opens a new inquiry, in whole hours (the median of their recent
    // inquiries' first reads), kept by the inbox when an inquiry is first opened; null until there
    // are enough reads to say (app/server/insights/). Cards and the profile show it.
    inquiryReadHours: integer("inquiry_read_hours"),
    // Median hours to a first answer (reply or decline) and the percent answered, over the last 90
    // days (migration 0035, app/server/inquiries/reply-stats.server.ts); null under three inquiries.
    replyHours: integer("reply_hours"),
    replyRate: smallint("reply_rate"),
    // The characters the performer plays, in their own words ("Ice Queen", "T. rex Ranger"): at most
    // 10 short names, trimmed and de-duplicated by the profile form (app/lib/characters.ts).
    characters: text("characters").array().notNull().default(sql`'{}'::text[]`),
    // The travel-fee rule and deposit shown beside the packages (migration 0029,
    // app/lib/package-rules.ts): only the kind's own amounts are set. Informational only.
    travelFeeKind: text("travel_fee_kind").notNull().default("none"),
    travelFeeFreeMiles: integer("travel_fee_free_miles"),
    travelFeeCentsPerMile: integer("travel_fee_cents_per_mile"),
    travelFeeFlat: integer("travel_fee_flat"),
    depositKind: text("deposit_kind").notNull().default("none"),
    depositAmount: integer("deposit_amount"),
    paymentMethods: text("payment_methods").array().notNull().default(sql`'{}'::text[]`),
    // Published reviews and the sum of their stars, and the parties both sides confirmed and the
    // no-shows an admin confirmed (migration 0037), kept by app/server/reviews/figures.server.ts in
    // the write that changes them, so cards and listings never aggregate reviews.
    reviewCount: integer("review_count").notNull().default(0),
    ratingTotal: integer("rating_total").notNull().default(0),
    confirmedParties: integer("confirmed_parties").notNull().default(0),
    confirmedNoShows: integer("confirmed_no_shows").notNull().default(0),
    // What the trust badges, cards and filters read (migration 0040, app/server/trust/figures.server.ts):
    // the earliest expiry among the listed people's approved background checks (null unless every
    // person has one), and the approved insurance certificate valid longest. Readers compare the
    // dates with today, so a badge goes at expiry without a job.
    checkedUntil: date("checked_until", { mode: "string" }),
    insuredUntil: date("insured_until", { mode: "string" }),
    insuredLimitDollars: integer("insured_limit_dollars"),
    // Denormalised text the directory search reads: name, bio, city, state name and abbreviation,
    // categories. Rewritten by the profile save in the same transaction as the categories.
    searchText: text("search_text").notNull().default(""),
    // The name also counts on its own with the top weight and the characters with the next, so a
    // parent's "mermaid" ranks a performer who plays one above a bio that mentions one, with no
    // per-row parsing at query time. profile_characters_text() is array_to_string() declared
    // immutable (migration 0007), which a generated column requires.
    searchVector: tsvector("search_vector").generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(display_name, '')), 'A') || setweight(to_tsvector('english', profile_characters_text(characters)), 'B') || to_tsvector('english', coalesce(search_text, ''))`,
    ),
    ...timestamps,
  },
  (t) => [
    check("profiles_payment_status_check", sql`${t.paymentStatus} in (${sqlList(PAYMENT_STATUSES)})`),
    check("profiles_travel_radius_check", sql`${t.travelRadius} in (${sqlList(TRAVEL_RANGE_VALUES)})`),
    check("profiles_price_min_check", sql`${t.priceMin} is null or ${t.priceMin} >= 0`),
    check("profiles_price_max_check", sql`${t.priceMax} is null or ${t.priceMax} >= 0`),
    check("profiles_state_check", sql`${t.state} is null or ${t.state} ~ '^[A-Z]{2}$'`),
    check("profiles_audience_check", sql`${t.audience} is null or ${t.audience} in (${sqlList(AUDIENCES)})`),
    check(
      "profiles_travel_fee_check",
      sql`(travel_fee_kind = 'none' and travel_fee_free_miles is null and travel_fee_cents_per_mile is null and travel_fee_flat is null) or (travel_fee_kind = 'per_mile' and travel_fee_free_miles between 0 and 1000 and travel_fee_cents_per_mile between 1 and 5000 and travel_fee_flat is null) or (travel_fee_kind = 'flat' and travel_fee_flat between 1 and 10000 and travel_fee_free_miles is null and travel_fee_cents_per_mile is null)`,
    ),
    check(
      "profiles_deposit_check",
      sql`(deposit_kind = 'none' and deposit_amount is null) or (deposit_kind = 'percent' and deposit_amount between 1 and 100) or (deposit_kind = 'dollars' and deposit_amount between 1 and 100000)`,
    ),
    // Public listings: the partial indexes carry the static half of the visibility rule.
    index("profiles_public_state_city_idx")
      .on(t.state, t.city, t.createdAt)
      .where(sql`is_active and payment_status = 'paid' and display_name is not null`),
    index("profiles_public_created_idx")
      .on(t.createdAt)
      .where(sql`is_active and payment_status = 'paid' and display_name is not null`),
    index("profiles_payment_expiry_idx").on(t.paymentStatus, t.paymentExpiry),
    // Partial like the listings: a word search then reads only public candidates from the index
    // instead of intersecting it with a bitmap of every paid profile.
    index("profiles_public_search_vector_idx")
      .using("gin", t.searchVector)
      .where(sql`is_active and payment_status = 'paid' and display_name is not null`),
    // ZIP-code search: public performers near a point, and those who travel anywhere.
    // They carry every column the search reads, so a plain ZIP search never visits the table.
    index("profiles_public_geo_idx")
      .on(t.latitude, t.longitude, t.travelRadius, t.paymentExpiry, t.createdAt, t.id)
      .where(sql`is_active and payment_status = 'paid' and display_name is not null`),
    index("profiles_public_nationwide_idx")
      .on(t.createdAt, t.latitude, t.longitude, t.paymentExpiry, t.id)
      .where(sql`is_active and payment_status = 'paid' and display_name is not null and travel_radius = 'nationwide'`),
    index("profiles_search_text_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    index("profiles_display_name_trgm_idx").using("gin", sql`${t.displayName} gin_trgm_ops`),
    // Suggestions as you type: public performers whose name begins with what was typed, read in
    // name order straight off the index. In the "C" collation LIKE 'abc%' is a range of it, whatever
    // the database's collation (app/server/search/suggest.server.ts writes the same expression).
    index("profiles_public_name_prefix_idx")
      .using("btree", sql`(lower(${t.displayName}) collate "C")`)
      .where(sql`is_active and payment_status = 'paid' and display_name is not null`),
    // Admin dashboard: every profile newest first (the list's order, so a page is read straight off
    // the index and a deep page skips entries instead of sorting the table), the search on the
    // contact email beside the name's trigram index above, and the per-status counts it shows on
    // every load, which PostgreSQL then counts from this small index instead of the wide table.
    // Ascending, read backward: drizzle writes .desc() as DESC NULLS LAST, which ORDER BY ... DESC
    // (nulls first) cannot use.
    index("profiles_created_idx").on(t.createdAt, t.id),
    index("profiles_contact_email_trgm_idx").using("gin", sql`${t.contactEmail} gin_trgm_ops`),
    index("profiles_payment_status_active_idx").on(t.paymentStatus, t.isActive),
  ],
);

/**
 * The one-degree square a point lies in, as one number in an array (what the words-and-place index
 * below holds): latitude's whole degrees times 1,000 plus longitude's (-81.4 -> -82), so every US
 * square has its own number; null without coordinates. Written once for the index and the reads
 * (search/zip.server.ts), which PostgreSQL matches by the expression.
 */
export function geoSquare(latitude: AnyPgColumn | SQL, longitude: AnyPgColumn | SQL): SQL {
  return sql`(case when ${latitude} is null or ${longitude} is null then null else array[(floor(${latitude}) * 1000 + floor(${longitude}))::int] end)`;
}

/**
 * The one-degree square a point lies in, as one number (the same numbering as geoSquare): the
 * first column of the coordinates index, so a box is read square by square rather than as a whole
 * stripe of latitude across the country.
 */
export function geoCell(latitude: AnyPgColumn | SQL, longitude: AnyPgColumn | SQL): SQL {
  return sql`((floor(${latitude}) * 1000 + floor(${longitude}))::int)`;
}

// What /search reads of a profile, in a table of its own: a word common to thousands of performers
// ("princess" at 100,000 profiles) is then read from a third of the pages the wide profiles rows
// fill. The columns keep their names in profiles, so the search reads this table under that name
// and the one visibility rule (app/server/directory/visibility.server.ts) and the ZIP geometry apply to it as
// written. Only triggers write it (migration 0009), from every insert and update of profiles, so
// no code path can leave it behind; a deleted profile takes its row with it.
export const profileSearch = pgTable(
  "profile_search",
  {
    id: text("id")
      .primaryKey()
      .references(() => profiles.id, { onDelete: "cascade" }),
    displayName: text("display_name"),
    isActive: boolean("is_active").notNull(),
    paymentStatus: text("payment_status").notNull(),
    paymentExpiry: date("payment_expiry", { mode: "string" }),
    state: text("state"),
    city: text("city"),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    travelRadius: text("travel_radius").notNull(),
    searchVector: tsvector("search_vector"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    // The listing filters' columns (migration 0017): who the shows are for, the lowest hourly
    // price, solo or group.
    audience: text("audience"),
    priceMin: integer("price_min"),
    groupPerformer: boolean("group_performer").notNull().default(false),
    // The profile's categories (migration 0027), written by statement triggers on
    // profile_categories, so a place page tests them inside the coordinates index.
    categories: text("categories").array().notNull().default(sql`'{}'`),
    // The lowest all-in price's parts (migration 0032), kept by the profile's trigger and
    // statement triggers on profile_packages: the cheapest package plus a flat travel fee (the
    // hourly minimum without packages), and a per-mile rule's free miles and cents (with packages
    // only), so the budget filter and the price order are arithmetic on the row
    // (directory/all-in-sql.server.ts).
    priceFrom: integer("price_from"),
    travelFreeMiles: integer("travel_free_miles"),
    travelCentsPerMile: integer("travel_cents_per_mile"),
    // When the performer's calendar stops being trusted (migration 0033, kept by triggers on
    // performer_calendars and calendar_imports): its last change or iCal read plus 30 days, null
    // without either. A dated listing tells "availability not shared" from the row alone
    // (directory/party-date.server.ts), so calendars are looked up only for fresh ones.
    calendarFreshUntil: timestamp("calendar_fresh_until", { withTimezone: true }),
    // The performer's booked days (migration 0034, kept by triggers on calendar_days,
    // calendar_import_days and performer_calendars): bit i of busyDays is day busyFrom + i, booked
    // as the calendars say; both null without a calendar or days. A dated listing tests the bit
    // instead of looking the calendars up (calendar/calendar.server.ts, availabilityOfCopy).
    busyFrom: date("busy_from", { mode: "string" }),
    busyDays: bits("busy_days", { length: BUSY_DAYS_SPAN }),
    // The profile's reviewed background check and insurance dates (migration 0041, copied by the
    // trigger profile_search_trust_sync whenever profiles' own change): the "Background check
    // reviewed" and "Insured" filters test them on the row (directory/listing-conditions.server.ts).
    checkedUntil: date("checked_until", { mode: "string" }),
    insuredUntil: date("insured_until", { mode: "string" }),
  },
  (t) => [
    // A search with words and a place (search/page.server.ts, readRegion): the one-degree squares
    // around the place (geoSquare) and the words, intersected inside one index, so only the few
    // rows that have both are read from the table. On an expression, not a stored column: adding
    // a column rewrote the table, and its rows were no longer marked all-visible until a vacuum,
    // which turned the coordinates index's index-only reads into table reads (the Los Angeles
    // refined page at 1M: 92 -> 196 ms). Tested row by row, "princess" near Orlando read all 16,000 rows of the
    // 150-mile box at 1M; as a bitmap of the word alone, all 115,000 of its matches.
    index("profile_search_public_cell_vector_idx")
      .using("gin", geoSquare(t.latitude, t.longitude), t.searchVector)
      .where(sql`is_active and payment_status = 'paid' and display_name is not null`),
    // The same partial indexes the profiles table has for these reads (see there).
    index("profile_search_public_vector_idx")
      .using("gin", t.searchVector)
      .where(sql`is_active and payment_status = 'paid' and display_name is not null`),
    // The stage name's words alone and the characters' alone (their weights, A and B): a search
    // for one common word ranks by where it is written, and these find the few who wrote it in
    // their stage name or characters among a million without reading every match (search.server.ts).
    index("profile_search_public_name_vector_idx")
      .using("gin", sql`ts_filter(search_vector, '{a}')`)
      .where(sql`is_active and payment_status = 'paid' and display_name is not null`),
    index("profile_search_public_characters_vector_idx")
      .using("gin", sql`ts_filter(search_vector, '{b}')`)
      .where(sql`is_active and payment_status = 'paid' and display_name is not null`),
    index("profile_search_public_created_idx")
      .on(t.createdAt)
      .where(sql`is_active and payment_status = 'paid' and display_name is not null`),
    // With the id, a city page's newest based performers are the index's order exactly (read
    // backward, no sort), so a page is read off it and stops after a page of matches however many
    // are based there; without it PostgreSQL often sorted all 2,600 of a big city (11 ms at 1M).
    index("profile_search_public_state_city_idx")
      .on(t.state, t.city, t.createdAt, t.id, t.audience, t.groupPerformer, t.priceFrom, t.paymentExpiry, t.calendarFreshUntil, t.checkedUntil, t.insuredUntil)
      .where(sql`is_active and payment_status = 'paid' and display_name is not null`),
    // Browse and category listings (directory.server.ts): every column their filters and the
    // refinements test is in the index, so a sparse filter set is sifted in it without the table.
    // The calendar's freshness too (migration 0033, also on the city and coordinates indexes): a
    // dated listing's "not shared" tier is then read off the index alone. The reviewed documents'
    // dates too (migration 0041, also on the city, price and coordinates indexes).
    index("profile_search_public_listing_idx")
      .on(t.createdAt, t.id, t.state, t.city, t.audience, t.groupPerformer, t.priceFrom, t.paymentExpiry, t.calendarFreshUntil, t.checkedUntil, t.insuredUntil)
      .where(sql`is_active and payment_status = 'paid' and display_name is not null`),
    // "Lowest price" in the listing's own order (unpriced acts last, newest first among equals), by
    // the all-in price without a place (migration 0032).
    index("profile_search_public_price_idx")
      // Written as SQL: drizzle's .desc() adds NULLS LAST, which the listing's ORDER BY ... DESC cannot use.
      .on(t.priceFrom, sql`${t.createdAt} desc`, sql`${t.id} desc`, t.state, t.city, t.audience, t.groupPerformer, t.paymentExpiry, t.checkedUntil, t.insuredUntil)
      .where(sql`is_active and payment_status = 'paid' and display_name is not null`),
    // A box of coordinates is a range of the first column, the rest read from the index. With the
    // age right after the point, the performers at one point (a city's, which most of its
    // performers share) come newest first, so a profile's similar performers there are read off
    // it in order and stop at the few shown (similar-performers.server.ts). The refinements'
    // columns (migration 0020) make a box's read index-only: a big city's 13,000 box rows were
    // otherwise 12,000 table pages (Los Angeles, two categories, by price, at 1M: 108 → 60 ms).
    // Migration 0027 put the point's one-degree square first (geoCell): a box is then a few ranges
    // of squares, not a stripe of latitude across the country (Los Angeles' 50-mile box at 1M:
    // 13,700 rows in the box, 56,000 in its stripe), and added the categories, so a category
    // page's box is sifted in the index rather than looked up in profile_categories row by row.
    index("profile_search_public_geo_idx")
      .on(geoCell(t.latitude, t.longitude), t.latitude, t.longitude, t.createdAt, t.id, t.travelRadius, t.paymentExpiry, t.audience, t.priceFrom, t.travelFreeMiles, t.travelCentsPerMile, t.groupPerformer, t.categories, t.calendarFreshUntil, t.checkedUntil, t.insuredUntil)
      .where(sql`is_active and payment_status = 'paid' and display_name is not null`),
    // The few performers who ever kept a calendar: where they are few, a dated listing's free and
    // booked tiers start from them rather than walking the listing's order (migration 0033).
    index("profile_search_public_calendar_fresh_idx")
      .on(t.calendarFreshUntil)
      .where(sql`is_active and payment_status = 'paid' and display_name is not null and calendar_fresh_until is not null`),
    // The listed performers with a reviewed background check or insurance (migration 0041), newest
    // first with every column the filters test: a listing whose other filters are sparse too (a
    // category by lowest price) reads these few rows in the index, not all of a wider one.
    index("profile_search_public_checked_idx")
      .on(t.createdAt, t.id, t.state, t.city, t.audience, t.groupPerformer, t.priceFrom, t.paymentExpiry, t.categories, t.calendarFreshUntil, t.checkedUntil, t.insuredUntil)
      .where(sql`is_active and payment_status = 'paid' and display_name is not null and checked_until is not null`),
    index("profile_search_public_insured_idx")
      .on(t.createdAt, t.id, t.state, t.city, t.audience, t.groupPerformer, t.priceFrom, t.paymentExpiry, t.categories, t.calendarFreshUntil, t.checkedUntil, t.insuredUntil)
      .where(sql`is_active and payment_status = 'paid' and display_name is not null and insured_until is not null`),
    index("profile_search_public_nationwide_idx")
      .on(t.createdAt, t.latitude, t.longitude, t.paymentExpiry, t.id)
      .where(sql`is_active and payment_status = 'paid' and display_name is not null and travel_radius = 'nationwide'`),
    // The nationwide band's words (migration 0038): counted to a limit without testing every nationwide row.
    index("profile_search_public_nationwide_vector_idx")
      .using("gin", t.searchVector)
      .where(sql`is_active and payment_status = 'paid' and display_name is not null and travel_radius = 'nationwide'`),
  ],
);

export const profileCategories = pgTable(
  "profile_categories",
  {
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    category: text("category").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.category] }),
    index("profile_categories_category_idx").on(t.category, t.profileId),
    check("profile_categories_category_check", sql`${t.category} in (${sqlList(CATEGORIES)})`),
  ],
);

// Up to three fixed-price packages per profile (migration 0029), replaced as a whole by the
// profile editor's save; position is the editor's slot.
export const profilePackages = pgTable(
  "profile_packages",
  {
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    name: text("name").notNull(),
    minutes: integer("minutes").notNull(),
    included: text("included").notNull().default(""),
    maxChildren: integer("max_children"),
    price: integer("price").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.position] }),
    check("profile_packages_position_check", sql`${t.position} >= 0 and ${t.position} < 3`),
    check("profile_packages_name_check", sql`length(${t.name}) between 1 and 60`),
    check("profile_packages_minutes_check", sql`${t.minutes} between 10 and 720`),
    check("profile_packages_included_check", sql`length(${t.included}) <= 300`),
    check("profile_packages_max_children_check", sql`${t.maxChildren} is null or ${t.maxChildren} between 1 and 500`),
    check("profile_packages_price_check", sql`${t.price} between 1 and 100000`),
  ],
);

export interface ImageVariant {
  width: number;
  height: number;
  key: string;
  url: string;
}

export const profileImages = pgTable(
  "profile_images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    // Public URL of the largest rendition; `variants` holds every width.
    imageUrl: text("image_url").notNull(),
    storageKey: text("storage_key").notNull(),
    position: integer("position").notNull(),
    width: integer("width").notNull().default(0),
    height: integer("height").notNull().default(0),
    variants: jsonb("variants").$type<ImageVariant[]>().notNull().default([]),
    blurDataUrl: text("blur_data_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("profile_images_profile_position_idx").on(t.profileId, t.position),
    check("profile_images_position_check", sql`${t.position} >= 0 and ${t.position} < 4`),
  ],
);

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    senderName: text("sender_name").notNull(),
    senderEmail: text("sender_email").notNull(),
    phoneNumber: text("phone_number").notNull(),
    city: text("city").notNull(),
    state: text("state").notNull(),
    zip: text("zip").notNull(),
    message: text("message").notNull(),
    eventType: text("event_type").array().notNull().default(sql`'{}'::text[]`),
    eventDate: date("event_date", { mode: "string" }),
    captchaAnswer: integer("captcha_answer"),
    // Optional event details a parent would otherwise squeeze into the message.
    eventStartTime: text("event_start_time"),
    eventLengthMinutes: integer("event_length_minutes"),
    childrenCount: integer("children_count"),
    childAge: integer("child_age"),
    isRead: boolean("is_read").notNull().default(false),
    // When the performer first opened it (never reset by marking unread): the reply-speed figure.
    firstReadAt: timestamp("first_read_at", { withTimezone: true }),
    // When an admin marked it read in the dashboard's Messages (migration 0022): the admins' own
    // triage, apart from the performer's `is_read`, which an admin's read must not clear.
    adminReadAt: timestamp("admin_read_at", { withTimezone: true }),
    // Migration 0035: the latest answer ('replied' or 'declined'; null while new or read), when the
    // first answer was given (the reply-time figure), and when the parent showed they hold the
    // address (a reply link's button), before which no performer's words are mailed to it.
    answer: text("answer"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    parentConfirmedAt: timestamp("parent_confirmed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("contact_messages_answer_check", sql`${t.answer} is null or ${t.answer} in ('replied', 'declined')`),
    index("contact_messages_profile_created_idx").on(t.profileId, t.createdAt),
    index("contact_messages_created_idx").on(t.createdAt),
    // The review-questions job's read: parties lately past (migration 0037, app/server/reviews/).
    index("contact_messages_event_date_idx").on(t.eventDate),
    // The admin dashboard counts the messages no admin has read on every load: an index-only count.
    index("contact_messages_admin_read_idx").on(t.adminReadAt),
    // The reminder job's read (migration 0036): unread inquiries by age, never walking the read ones.
    index("contact_messages_unread_created_idx").on(t.createdAt).where(sql`not ${t.isRead} and ${t.firstReadAt} is null`),
    check("contact_messages_message_length_check", sql`char_length(${t.message}) <= 500`),
    check("contact_messages_event_start_time_check", sql`${t.eventStartTime} is null or ${t.eventStartTime} ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'`),
    check("contact_messages_event_length_check", sql`${t.eventLengthMinutes} is null or ${t.eventLengthMinutes} between 15 and 1440`),
    check("contact_messages_children_count_check", sql`${t.childrenCount} is null or ${t.childrenCount} between 1 and 1000`),
    check("contact_messages_child_age_check", sql`${t.childAge} is null or ${t.childAge} between 0 and 17`),
  ],
);

/** An inquiry's thread (migration 0035): replies sent from the dashboard, declines, and answers given elsewhere. */
export const inquiryReplies = pgTable(
  "inquiry_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    inquiryId: uuid("inquiry_id")
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    body: text("body").notNull().default(""),
    // A decline's suggested performers as they were sent: [{ id, name }].
    alternatives: jsonb("alternatives").$type<{ id: string; name: string }[]>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("inquiry_replies_inquiry_idx").on(t.inquiryId, t.createdAt),
    check("inquiry_replies_kind_check", sql`${t.kind} in ('reply', 'decline', 'elsewhere')`),
    check("inquiry_replies_body_check", sql`char_length(${t.body}) <= 2000`),
  ],
);

/** The links mailed to a parent to read an inquiry's replies: random tokens, only their sha256 kept. */
export const inquiryReplyLinks = pgTable(
  "inquiry_reply_links",
  {
    tokenHash: text("token_hash").primaryKey(),
    inquiryId: uuid("inquiry_id")
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    // When its button confirmed the address: spent, it confirms nothing again.
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (t) => [index("inquiry_reply_links_inquiry_idx").on(t.inquiryId), index("inquiry_reply_links_expires_idx").on(t.expiresAt)],
);

/** A performer's own saved replies (the built-in starters live in app/lib/saved-replies.ts). */
export const savedReplies = pgTable(
  "saved_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("saved_replies_profile_idx").on(t.profileId, t.createdAt),
    check("saved_replies_title_check", sql`char_length(${t.title}) between 1 and 60`),
    check("saved_replies_body_check", sql`char_length(${t.body}) between 1 and 2000`),
  ],
);

export const freeListingRequests = pgTable(
  "free_listing_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    city: text("city").notNull(),
    state: text("state").notNull(),
    instagram: text("instagram"),
    facebook: text("facebook"),
    youtube: text("youtube"),
    tiktok: text("tiktok"),
    website: text("website"),
    experience: text("experience").notNull(),
    paidEvents: text("paid_events").notNull(),
    eventTypes: text("event_types"),
    characters: text("characters"),
    bio: text("bio").notNull(),
    travel: text("travel").notNull(),
    whyJoin: text("why_join"),
    questions: text("questions"),
    status: text("status").notNull().default("pending"),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedBy: text("reviewed_by").references(() => user.id, { onDelete: "set null" }),
    notes: text("notes"),
    /** The account that applied while signed in; an approval lists that account directly. */
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("free_listing_requests_created_idx").on(t.createdAt),
    index("free_listing_requests_user_idx").on(t.userId),
    index("free_listing_requests_status_idx").on(t.status),
    check("free_listing_requests_status_check", sql`${t.status} in (${sqlList(REQUEST_STATUSES)})`),
    check("free_listing_requests_experience_check", sql`${t.experience} in (${sqlList(EXPERIENCE_OPTIONS)})`),
    check("free_listing_requests_paid_events_check", sql`${t.paidEvents} in (${sqlList(PAID_EVENTS_OPTIONS)})`),
    check("free_listing_requests_travel_check", sql`${t.travel} in (${sqlList(TRAVEL_ANSWERS)})`),
  ],
);

// ---------------------------------------------------------------- infrastructure
export const emailOutbox = pgTable(
  "email_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    toAddress: text("to_address").notNull(),
    fromAddress: text("from_address"),
    replyTo: text("reply_to"),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    // Extra header lines of the message (List-Unsubscribe and List-Unsubscribe-Post on the search
    // alerts' mails, RFC 8058), name to value; null for most mail.
    headers: jsonb("headers").$type<Record<string, string>>(),
    // pending -> sending (claimed by one worker) -> sent | pending (retry) | failed (gave up)
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("email_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("email_outbox_created_idx").on(t.createdAt),
    check("email_outbox_status_check", sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
  ],
);

// Fixed-window counters for the product's own rate limits (inquiries, free-listing applications).
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index("rate_limit_hits_window_idx").on(t.windowStart)],
);

// Search vocabulary: every distinct word of public names, cities, states and categories, so a
// misspelt query word can be corrected with pg_trgm before the full-text match.
export const searchTerms = pgTable(
  "search_terms",
  {
    term: text("term").primaryKey(),
  },
  (t) => [
    index("search_terms_trgm_idx").using("gin", sql`${t.term} gin_trgm_ops`),
    // By stem (migration 0028): whether any performer wrote a dictionary phrase's word (search/absent-words.server.ts).
    index("search_terms_lexeme_idx").on(sql`to_tsvector('english'::regconfig, ${t.term})`),
  ],
);

// One-time tokens already spent (inquiry captchas), kept until they would have expired anyway.
export const consumedTokens = pgTable(
  "consumed_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("consumed_tokens_expires_idx").on(t.expiresAt)],
);

/**
 * Stored files whose rows are gone (a deleted image or account), queued in the transaction that
 * deleted the rows. The files are removed right after the commit; whatever could not be removed then
 * (storage down, the process killed) stays here until the storage sweep job removes it. An upload
 * queues its files before writing them, due after a grace period, and its commit takes them off.
 */
export const storageDeletions = pgTable(
  "storage_deletions",
  {
    key: text("key").primaryKey(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("storage_deletions_due_idx").on(t.nextAttemptAt)],
);

// ---------------------------------------------------------------- payments
// Stripe is the source of truth for money; these rows are what the app last read from it, plus the
// app's own bookkeeping. A listing's payment_status/payment_expiry are derived from them by one
// function (app/server/payments/listing-status.server.ts).

export const SUBSCRIPTION_STATUSES = [
  "incomplete",
  "incomplete_expired",
  "trialing",
  "active",
  "past_due",
  "canceled",
  "unpaid",
  "paused",
] as const;

export const BILLING_NOTICE_KINDS = [
  "receipt",
  "renewal_reminder",
  "payment_failed",
  "listing_expired",
  "grant_ending",
] as const;

/** One Stripe customer per user. Stored before any checkout session exists, so a retry reuses it. */
export const stripeCustomers = pgTable(
  "stripe_customers",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => user.id, { onDelete: "cascade" }),
    customerId: text("customer_id").notNull().unique(),
    // The checkout session last handed out: a second tab gets the same one back, so it can be paid once.
    openCheckoutSessionId: text("open_checkout_session_id"),
    openCheckoutUrl: text("open_checkout_url"),
    openCheckoutExpiresAt: timestamp("open_checkout_expires_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    check("stripe_customers_customer_id_check", sql`${t.customerId} ~ '^cus_'`),
    check(
      "stripe_customers_open_checkout_check",
      sql`(${t.openCheckoutSessionId} is null) = (${t.openCheckoutUrl} is null) and (${t.openCheckoutSessionId} is null) = (${t.openCheckoutExpiresAt} is null)`,
    ),
  ],
);

/** A subscription as last read from Stripe (never from a webhook payload). */
export const stripeSubscriptions = pgTable(
  "stripe_subscriptions",
  {
    id: text("id").primaryKey(),
    customerId: text("customer_id")
      .notNull()
      .references(() => stripeCustomers.customerId, { onDelete: "cascade" }),
    status: text("status").notNull(),
    priceId: text("price_id"),
    // From the subscription item: current API versions no longer carry the period on the subscription.
    currentPeriodStart: timestamp("current_period_start", { withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp("current_period_end", { withTimezone: true }).notNull(),
    cancelAtPeriodEnd: boolean("cancel_at_period_end").notNull().default(false),
    canceledAt: timestamp("canceled_at", { withTimezone: true }),
    endedAt: timestamp("ended_at", { withTimezone: true }),
    // Whether the current period was paid for: a renewal that failed has moved the period on unpaid.
    latestInvoiceId: text("latest_invoice_id"),
    latestInvoiceStatus: text("latest_invoice_status"),
    ...timestamps,
  },
  (t) => [
    index("stripe_subscriptions_customer_idx").on(t.customerId),
    // The renewal-reminder job: active subscriptions by the end of their period.
    index("stripe_subscriptions_renewal_idx").on(t.currentPeriodEnd).where(sql`status = 'active' and not cancel_at_period_end`),
    check("stripe_subscriptions_id_check", sql`${t.id} ~ '^sub_'`),
    check("stripe_subscriptions_status_check", sql`${t.status} in (${sqlList(SUBSCRIPTION_STATUSES)})`),
    check("stripe_subscriptions_period_check", sql`${t.currentPeriodEnd} >= ${t.currentPeriodStart}`),
  ],
);

/** Webhook events already applied. An id is recorded in the transaction that applied it, so a retry of a failed event runs again. */
export const stripeEvents = pgTable(
  "stripe_events",
  {
    id: text("id").primaryKey(),
    type: text("type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("stripe_events_received_idx").on(t.receivedAt)],
);

/**
 * A free listing period (the open beta). Granted to an account, or to an email address that has no
 * account yet; the grant is claimed when an account with that address exists.
 */
export const freeListingGrants = pgTable(
  "free_listing_grants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "cascade" }),
    email: text("email"),
    // Both null until the listing first goes live: the free year starts then, not at approval
    // (migration 0025; payments/free-year-clock.server.ts).
    startsOn: date("starts_on", { mode: "string" }),
    /** Last day listed, inclusive, like profiles.payment_expiry. */
    endsOn: date("ends_on", { mode: "string" }),
    grantedBy: text("granted_by").references(() => user.id, { onDelete: "set null" }),
    sourceRequestId: uuid("source_request_id").references(() => freeListingRequests.id, { onDelete: "set null" }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("free_listing_grants_user_idx").on(t.userId),
    index("free_listing_grants_unclaimed_email_idx").on(t.email).where(sql`user_id is null`),
    index("free_listing_grants_ends_idx").on(t.endsOn).where(sql`revoked_at is null`),
    // One live grant per approved application.
    uniqueIndex("free_listing_grants_request_idx").on(t.sourceRequestId).where(sql`revoked_at is null`),
    check("free_listing_grants_holder_check", sql`${t.userId} is not null or ${t.email} is not null`),
    check("free_listing_grants_email_check", sql`${t.email} is null or ${t.email} = lower(${t.email})`),
    check("free_listing_grants_dates_check", sql`${t.endsOn} >= ${t.startsOn}`),
    check("free_listing_grants_clock_check", sql`(${t.startsOn} is null) = (${t.endsOn} is null)`),
  ],
);

/** What the performer agreed to when starting checkout. */
export const checkoutConsents = pgTable(
  "checkout_consents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    termsVersion: text("terms_version").notNull(),
    planId: text("plan_id").notNull(),
    priceId: text("price_id").notNull(),
    checkoutSessionId: text("checkout_session_id"),
    agreedAt: timestamp("agreed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("checkout_consents_user_idx").on(t.userId, t.agreedAt),
    check("checkout_consents_plan_check", sql`${t.planId} in ('YEARLY_MEMBERSHIP')`),
    check("checkout_consents_terms_version_check", sql`${t.termsVersion} <> ''`),
  ],
);

/**
 * Lifecycle emails already queued, one row per (kind, user, period): the key makes "at most once
 * per period" hold across job runs, processes and redelivered events.
 */
export const billingNotices = pgTable(
  "billing_notices",
  {
    kind: text("kind").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    periodKey: text("period_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.userId, t.periodKey] }),
    index("billing_notices_user_idx").on(t.userId),
    check("billing_notices_kind_check", sql`${t.kind} in (${sqlList(BILLING_NOTICE_KINDS)})`),
  ],
);

// ---------------------------------------------------------------- admin
export const ADMIN_ACTIONS = [
  "request.approve",
  "request.reject",
  "request.delete",
  "message.read",
  "message.delete",
  "profile.activate",
  "profile.deactivate",
  // The deactivating admin took it back within the undo window (migration 0024).
  "profile.deactivate.undo",
  "profile.delete",
  // The Reviews section's decisions on a review (disputed or reported) and on a no-show report (migration 0037).
  "review.approve",
  "review.hide",
  "review.remove",
  "no_show.approve",
  "no_show.hide",
  "no_show.remove",
  // The trust documents' queue: an admin opening a document, and the decisions (migration 0040).
  "trust_document.open",
  "trust_document.approve",
  "trust_document.reject",
] as const;

/**
 * One row per admin write, stored in the write's own transaction. The target is a plain id with no
 * foreign key, so deleting the record keeps its history.
 */
export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    adminId: text("admin_id").references(() => user.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    notes: text("notes"),
    // The mail the action queued, when an undo may still take it back (a deactivation's, held for the
    // undo window). No foreign key: an undo deletes that mail, and sent mail may be cleared later.
    emailId: uuid("email_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Newest first with the id as tie-break, as listRecentAdminActions reads it: ascending and read
    // backward (the former DESC NULLS LAST index could not serve ORDER BY created_at DESC at all).
    index("admin_audit_log_created_idx").on(t.createdAt, t.id),
    check("admin_audit_log_action_check", sql`${t.action} in (${sqlList(ADMIN_ACTIONS)})`),
    check("admin_audit_log_target_type_check", sql`${t.targetType} in ('free_listing_request', 'contact_message', 'profile', 'review', 'review_request', 'trust_document')`),
  ],
);

/**
 * The free-listing program's counter: one row (id 1), raised by an upsert in the transaction that
 * grants, so the CHECK refuses the 151st grant however many admins approve at once. The limit is
 * FREE_LISTING_SPOTS, written into the CHECK as a literal (migration 0004 says 150): changing the
 * constant therefore needs a migration, which drizzle-kit generates from this definition.
 */
export const freeListingProgram = pgTable(
  "free_listing_program",
  {
    id: integer("id").primaryKey().default(1),
    grantsIssued: integer("grants_issued").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check("free_listing_program_single_row_check", sql`${t.id} = 1`),
    check("free_listing_program_limit_check", sql`${t.grantsIssued} >= 0 and ${t.grantsIssued} <= ${sql.raw(String(FREE_LISTING_SPOTS))}`),
  ],
);

// Performer insights: one row per profile per day with that day's counts, added to in batches
// (app/server/insights/). Nothing about a visitor is stored, only the sums.
export const profileDailyStats = pgTable(
  "profile_daily_stats",
  {
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
    appearances: integer("appearances").notNull().default(0),
    inquiries: integer("inquiries").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.day] })],
);

// Days of profile_daily_stats older than a year, summed per calendar month (month is its first day)
// by the stats-roll-up job (app/server/jobs/stats-roll-up.server.ts), which deletes the days it
// adds here; first_day is the earliest day counted in the month. Readers of periods reaching past a
// year add these rows to the daily ones (lifetimeTotals in app/server/insights/stats.server.ts).
export const profileMonthlyStats = pgTable(
  "profile_monthly_stats",
  {
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    month: date("month", { mode: "string" }).notNull(),
    firstDay: date("first_day", { mode: "string" }).notNull(),
    views: integer("views").notNull().default(0),
    appearances: integer("appearances").notNull().default(0),
    inquiries: integer("inquiries").notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.month] }),
    check("profile_monthly_stats_month_check", sql`${t.month} = date_trunc('month', ${t.month})::date`),
  ],
);

// ---------------------------------------------------------------- search alerts
// "Tell me when a performer for this is listed near me" (app/server/alerts/): a visitor's search kept
// with their address. Nothing is mailed about it but a fixed confirmation until the address's owner
// follows the link (confirmed_at); unconfirmed ones are removed once the link expires.
export const searchAlerts = pgTable(
  "search_alerts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** Lower-case. */
    email: text("email").notNull(),
    // The search as /search's address held it: the words typed (with any place or ZIP in them) and
    // the state and city filters; the job asks the search itself again with these.
    query: text("query").notNull(),
    state: text("state"),
    city: text("city"),
    /** The place the search understood ("Orlando, FL", "Florida"), named in the alert mails; null for none. */
    placeLabel: text("place_label"),
    /** sha256 of the confirmation link's token; null once used (one use only). */
    confirmTokenHash: text("confirm_token_hash"),
    confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true }),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    /** When the job last looked for new performers for it. */
    checkedAt: timestamp("checked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One alert per address and search: subscribing again sends a new link for the same alert.
    uniqueIndex("search_alerts_search_idx").on(t.email, t.query, sql`coalesce(${t.state}, '')`, sql`coalesce(${t.city}, '')`),
    uniqueIndex("search_alerts_confirm_token_idx").on(t.confirmTokenHash),
    // The removal job's read: alerts whose link expired unused.
    index("search_alerts_unconfirmed_idx").on(t.confirmExpiresAt).where(sql`confirmed_at is null`),
    // The matching job's read: confirmed alerts, the longest unchecked first.
    index("search_alerts_due_idx").on(t.checkedAt).where(sql`confirmed_at is not null`),
    check("search_alerts_email_check", sql`${t.email} = lower(${t.email})`),
    check("search_alerts_query_check", sql`length(${t.query}) <= 200`),
  ],
);

/** The performers an alert has mailed about, one row each, written with the mail: never the same one twice. */
export const searchAlertMatches = pgTable(
  "search_alert_matches",
  {
    alertId: uuid("alert_id")
      .notNull()
      .references(() => searchAlerts.id, { onDelete: "cascade" }),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.profileId] }), index("search_alert_matches_profile_idx").on(t.profileId)],
);

/**
 * Searches that found nobody, per UTC day: the words (normalised, the place's own words taken out)
 * and the place understood, with how many different visitors searched them that day (each client
 * key once a day, kept by keyed-hash markers in rate_limit_hits). The admin's "What visitors
 * searched for and did not find" sums the last 30 days.
 */
export const unmetSearches = pgTable(
  "unmet_searches",
  {
    day: date("day", { mode: "string" }).notNull(),
    words: text("words").notNull(),
    /** "Orlando, FL", "Florida", or "" for a search with no place. */
    place: text("place").notNull(),
    visitors: integer("visitors").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.words, t.place] })],
);

// ---------------------------------------------------------------- calendar import (issue 26)
// A performer's pasted iCal address (app/server/calendar-import/), read by the hourly job; the busy
// days it held at the last successful read are calendar_import_days, replaced whole each time.
export const calendarImports = pgTable(
  "calendar_imports",
  {
    profileId: text("profile_id")
      .primaryKey()
      .references(() => profiles.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the job may next read it; a claim moves it an hour on before fetching, so one process reads it. */
    nextFetchAt: timestamp("next_fetch_at", { withTimezone: true }).notNull().defaultNow(),
    lastFetchedAt: timestamp("last_fetched_at", { withTimezone: true }),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    /** The last read's failure in the performer's words; null after a success. */
    lastError: text("last_error"),
    fetchCount: integer("fetch_count").notNull().default(0),
    /** Busy days found by the last successful read (the rows of calendar_import_days). */
    busyDays: integer("busy_days").notNull().default(0),
  },
  (t) => [index("calendar_imports_next_fetch_idx").on(t.nextFetchAt)],
);

export const calendarImportDays = pgTable(
  "calendar_import_days",
  {
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    /** The performer's local calendar day (their state's time zone). */
    day: date("day", { mode: "string" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.day] })],
);

// ---------------------------------------------------------------- performer's calendar (issue 26)
// The days a performer marked (migration 0030, app/server/calendar/): one row per local calendar
// day of their state's time zone. The key reads one performer's month; the index by day answers
// "who is booked on D" for many performers in one read (the party date in search).
export const CALENDAR_KINDS = ["booked", "away"] as const;

export const calendarDays = pgTable(
  "calendar_days",
  {
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    kind: text("kind").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.profileId, t.day] }),
    check("calendar_days_kind_check", sql`${t.kind} in (${sqlList(CALENDAR_KINDS)})`),
    index("calendar_days_day_idx").on(t.day, t.profileId, t.kind),
  ],
);

// One row per performer who used the calendar: the weekly rule (bit 0 Sunday ... bit 6 Saturday, a
// weekday they never work, from weekly_since on), their feed's secret and when they last changed it.
export const performerCalendars = pgTable(
  "performer_calendars",
  {
    profileId: text("profile_id")
      .primaryKey()
      .references(() => profiles.id, { onDelete: "cascade" }),
    weeklyOff: smallint("weekly_off").notNull().default(0),
    weeklySince: date("weekly_since", { mode: "string" }),
    feedToken: text("feed_token").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }),
  },
  (t) => [
    check("performer_calendars_weekly_off_check", sql`${t.weeklyOff} between 0 and 127`),
    uniqueIndex("performer_calendars_feed_token_idx").on(t.feedToken),
  ],
);

// ---------------------------------------------------------------- reviews (migration 0037)
// One question per inquiry, asked after the party (app/server/reviews/). The parent answers through
// a random link mailed to the inquiry's address (only its sha256 kept); the performer on the
// dashboard. A no-show report is the parent's answer, decided by an admin. It keeps what it needs of
// the inquiry, so deleting the inquiry (set null) takes no review or report with it.
export const reviewRequests = pgTable(
  "review_requests",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    inquiryId: uuid("inquiry_id").references(() => contactMessages.id, { onDelete: "set null" }),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    // The inquiry's address (never confirmed: only fixed wording is mailed to it) and name, and the party's date.
    parentEmail: text("parent_email").notNull(),
    parentName: text("parent_name").notNull(),
    partyOn: date("party_on", { mode: "string" }),
    tokenHash: text("token_hash").notNull(),
    askedAt: timestamp("asked_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    // The mailed link was opened: whoever holds the inquiry's address received it.
    linkOpenedAt: timestamp("link_opened_at", { withTimezone: true }),
    parentAnswer: text("parent_answer"),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
    performerAnswer: text("performer_answer"),
    performerAnsweredAt: timestamp("performer_answered_at", { withTimezone: true }),
    noShowStatus: text("no_show_status"),
    noShowNote: text("no_show_note"),
    decidedReason: text("decided_reason"),
  },
  (t) => [
    uniqueIndex("review_requests_inquiry_idx").on(t.inquiryId),
    uniqueIndex("review_requests_token_idx").on(t.tokenHash),
    index("review_requests_profile_idx").on(t.profileId),
    index("review_requests_no_show_pending_idx").on(t.answeredAt).where(sql`${t.noShowStatus} = 'pending'`),
    check("review_requests_parent_answer_check", sql`${t.parentAnswer} is null or ${t.parentAnswer} in ('booked', 'no_show', 'not_booked')`),
    check("review_requests_performer_answer_check", sql`${t.performerAnswer} is null or ${t.performerAnswer} in ('booked', 'not_booked')`),
    check(
      "review_requests_no_show_status_check",
      sql`${t.noShowStatus} is null or ${t.noShowStatus} in ('pending', 'confirmed', 'hidden', 'removed')`,
    ),
    check("review_requests_no_show_note_check", sql`char_length(${t.noShowNote}) <= 500`),
  ],
);

export interface ReviewPhoto {
  width: number;
  height: number;
  variants: ImageVariant[];
}

export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    requestId: uuid("request_id")
      .notNull()
      .references(() => reviewRequests.id, { onDelete: "cascade" }),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    // "Dana R.": the inquiry's name, first name and initial, fixed when the review is written.
    authorName: text("author_name").notNull(),
    partyOn: date("party_on", { mode: "string" }),
    askedOn: date("asked_on", { mode: "string" }).notNull(),
    rating: smallint("rating").notNull(),
    body: text("body").notNull(),
    photos: jsonb("photos").$type<ReviewPhoto[]>().notNull().default([]),
    // pending (waiting out the performer's 7 days) -> published | disputed (the admin decides) ->
    // published | hidden | removed
    status: text("status").notNull().default("pending"),
    publishAfter: timestamp("publish_after", { withTimezone: true }).notNull(),
    publishedAt: timestamp("published_at", { withTimezone: true }),
    disputeReason: text("dispute_reason"),
    disputedAt: timestamp("disputed_at", { withTimezone: true }),
    reply: text("reply"),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    decidedReason: text("decided_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("reviews_request_idx").on(t.requestId),
    index("reviews_profile_published_idx").on(t.profileId, t.publishedAt, t.id).where(sql`${t.status} = 'published'`),
    index("reviews_pending_idx").on(t.publishAfter).where(sql`${t.status} = 'pending'`),
    index("reviews_disputed_idx").on(t.disputedAt).where(sql`${t.status} = 'disputed'`),
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
    check("reviews_body_check", sql`char_length(${t.body}) between 20 and 1000`),
    check("reviews_status_check", sql`${t.status} in ('pending', 'published', 'disputed', 'hidden', 'removed')`),
    check("reviews_dispute_reason_check", sql`char_length(${t.disputeReason}) <= 500`),
    check("reviews_reply_check", sql`char_length(${t.reply}) <= 1000`),
  ],
);

/** A visitor's report of a published review: one per visitor (keyed) and review. */
export const reviewReports = pgTable(
  "review_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    reporterKey: text("reporter_key").notNull(),
    reason: text("reason").notNull(),
    status: text("status").notNull().default("open"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("review_reports_reporter_idx").on(t.reviewId, t.reporterKey),
    index("review_reports_open_idx").on(t.createdAt).where(sql`${t.status} = 'open'`),
    check("review_reports_reason_check", sql`char_length(${t.reason}) between 1 and 500`),
    check("review_reports_status_check", sql`${t.status} in ('open', 'closed')`),
  ],
);

// ---------------------------------------------------------------- lead alerts (migration 0036)
// Web Push (app/server/push/): one row per device a performer turned alerts on for, keyed by the
// push service's address for it (a device that subscribes again under another account moves).
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    // "Chrome on Android": what the dashboard lists, read from the browser that subscribed.
    deviceLabel: text("device_label").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("push_subscriptions_endpoint_idx").on(t.endpoint), index("push_subscriptions_user_idx").on(t.userId, t.createdAt)],
);

/** What the service worker shows: a title, a line under it, the page a tap opens, and the tag a later alert of the same inquiry replaces. */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

// Alerts waiting for their device, like email_outbox: queued in the transaction that makes the news
// (the inquiry, the reminder), claimed with FOR UPDATE SKIP LOCKED by the push-outbox job.
export const pushOutbox = pgTable(
  "push_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    subscriptionId: uuid("subscription_id")
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: "cascade" }),
    kind: text("kind").$type<"inquiry" | "reminder" | "test">().notNull(),
    payload: jsonb("payload").$type<PushPayload>().notNull(),
    // The Topic header: a newer alert of the same inquiry replaces one the device has not fetched yet.
    topic: text("topic"),
    urgency: text("urgency").$type<"very-low" | "low" | "normal" | "high">().notNull().default("normal"),
    ttlSeconds: integer("ttl_seconds").notNull(),
    // pending -> sending (claimed) -> sent | pending (retry) | failed (gave up)
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("push_outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("push_outbox_created_idx").on(t.createdAt),
    index("push_outbox_subscription_idx").on(t.subscriptionId),
    check("push_outbox_status_check", sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
    check("push_outbox_kind_check", sql`${t.kind} in ('inquiry', 'reminder', 'test')`),
    check("push_outbox_urgency_check", sql`${t.urgency} in ('very-low', 'low', 'normal', 'high')`),
  ],
);

// The reminders of an unread inquiry (4 and 24 hours after it came): a row is taken in the
// transaction that queues the reminder's mail and alerts, so each goes once whoever runs the job.
export const inquiryReminders = pgTable(
  "inquiry_reminders",
  {
    inquiryId: uuid("inquiry_id")
      .notNull()
      .references(() => contactMessages.id, { onDelete: "cascade" }),
    afterHours: smallint("after_hours").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.inquiryId, t.afterHours] }), check("inquiry_reminders_after_hours_check", sql`${t.afterHours} in (4, 24)`)],
);

export const TRUST_DOCUMENT_KINDS = ["background_check", "insurance"] as const;
export type TrustDocumentKind = (typeof TRUST_DOCUMENT_KINDS)[number];
export const TRUST_DOCUMENT_STATUSES = ["pending", "approved", "rejected"] as const;
export type TrustDocumentStatus = (typeof TRUST_DOCUMENT_STATUSES)[number];
export const TRUST_DOCUMENT_TYPES = ["application/pdf", "image/jpeg", "image/png", "image/webp"] as const;
export type TrustDocumentType = (typeof TRUST_DOCUMENT_TYPES)[number];
export const TRUST_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

// The people who may arrive in costume for a listing (migration 0040): a solo performer lists one,
// a group or crew each person. A background check covers one of them.
export const trustPeople = pgTable(
  "trust_people",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    fullName: text("full_name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("trust_people_profile_idx").on(t.profileId, t.createdAt),
    check("trust_people_full_name_check", sql`char_length(${t.fullName}) between 2 and 80`),
  ],
);

// A background-check report or insurance certificate for an admin to read (migration 0040). The
// file sits in storage under the private prefix (app/server/trust/documents.server.ts) until the
// deletion job clears storage_key 30 days after the decision; the row then keeps only the
// decision's facts. person_name is the person's name at upload, kept if the person is removed.
export const trustDocuments = pgTable(
  "trust_documents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    profileId: text("profile_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    personId: uuid("person_id").references(() => trustPeople.id, { onDelete: "set null" }),
    personName: text("person_name"),
    kind: text("kind").$type<TrustDocumentKind>().notNull(),
    status: text("status").$type<TrustDocumentStatus>().notNull().default("pending"),
    // The screening provider or the insurance carrier, as the performer names it.
    provider: text("provider").notNull(),
    issuedOn: date("issued_on", { mode: "string" }),
    // The certificate's own expiry as the performer states it; the admin sets valid_until.
    expiresOn: date("expires_on", { mode: "string" }),
    liabilityLimitDollars: integer("liability_limit_dollars"),
    storageKey: text("storage_key"),
    contentType: text("content_type").$type<TrustDocumentType>().notNull(),
    byteSize: integer("byte_size").notNull(),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
    validUntil: date("valid_until", { mode: "string" }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by"),
    reason: text("reason"),
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
    fileDeletedAt: timestamp("file_deleted_at", { withTimezone: true }),
  },
  (t) => [
    index("trust_documents_profile_idx").on(t.profileId, t.kind, t.status),
    index("trust_documents_person_idx").on(t.personId),
    index("trust_documents_pending_idx").on(t.uploadedAt, t.id).where(sql`${t.status} = 'pending'`),
    index("trust_documents_approved_until_idx").on(t.validUntil, t.id).where(sql`${t.status} = 'approved'`),
    index("trust_documents_remind_idx").on(t.validUntil).where(sql`${t.status} = 'approved' and ${t.remindedAt} is null`),
    index("trust_documents_file_kept_idx").on(t.decidedAt).where(sql`${t.storageKey} is not null and ${t.status} <> 'pending'`),
    check("trust_documents_kind_check", sql`${t.kind} in ('background_check', 'insurance')`),
    check("trust_documents_status_check", sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check("trust_documents_provider_check", sql`char_length(${t.provider}) between 2 and 100`),
    check(
      "trust_documents_kind_fields_check",
      sql`(${t.kind} = 'background_check' and ${t.personName} is not null and ${t.issuedOn} is not null and ${t.liabilityLimitDollars} is null) or (${t.kind} = 'insurance' and ${t.personId} is null and ${t.personName} is null and ${t.liabilityLimitDollars} is not null and ${t.liabilityLimitDollars} > 0 and ${t.expiresOn} is not null)`,
    ),
    check(
      "trust_documents_decision_check",
      sql`(${t.status} = 'pending' and ${t.decidedAt} is null) or (${t.status} = 'approved' and ${t.decidedAt} is not null and ${t.validUntil} is not null) or (${t.status} = 'rejected' and ${t.decidedAt} is not null and ${t.reason} is not null)`,
    ),
    check("trust_documents_content_type_check", sql`${t.contentType} in ('application/pdf', 'image/jpeg', 'image/png', 'image/webp')`),
    check("trust_documents_byte_size_check", sql`${t.byteSize} between 1 and 10485760`),
    check("trust_documents_reason_check", sql`char_length(${t.reason}) <= 500`),
  ],
);

export const schema = {
  user,
  session,
  account,
  verification,
  rateLimit,
  userRoles,
  profiles,
  profileSearch,
  profileCategories,
  profileImages,
  contactMessages,
  inquiryReplies,
  inquiryReplyLinks,
  savedReplies,
  freeListingRequests,
  emailOutbox,
  rateLimitHits,
  searchTerms,
  consumedTokens,
  storageDeletions,
  stripeCustomers,
  stripeSubscriptions,
  stripeEvents,
  freeListingGrants,
  checkoutConsents,
  billingNotices,
  adminAuditLog,
  freeListingProgram,
  profileDailyStats,
  profileMonthlyStats,
  searchAlerts,
  searchAlertMatches,
  unmetSearches,
  calendarDays,
  performerCalendars,
  calendarImports,
  calendarImportDays,
  pushSubscriptions,
  pushOutbox,
  inquiryReminders,
  reviewRequests,
  reviews,
  reviewReports,
  trustPeople,
  trustDocuments,
};
