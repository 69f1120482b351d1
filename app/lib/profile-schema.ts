import { z } from "zod";
import { AUDIENCES, isAudience } from "./audience";
import { AUDIENCE_REQUIRED, audienceProblems, BOTH_AUDIENCE_CATEGORIES, hasBothAudienceCategories } from "./audience-rules";
import { charactersRule } from "./characters";
import { BIO_MIN_LENGTH, CATEGORIES, DEFAULT_TRAVEL_RANGE, TRAVEL_RANGE_VALUES } from "./constants";
import { multiLine, oneLine, parseValues, type FormResult } from "./form";
// The names only: the editor runs this schema in the browser, which needs no city data.
import { STATE_ABBREVIATIONS } from "./us-state-names";

// The profile form's one schema: the route action parses the posted form with it and the browser
// runs the same parse on blur and submit, so both sides show the same messages.

type FlagSection = "travel" | "performance";

/** One field of the profile form. `column` is the `profiles` column (its Drizzle property) it is saved to. */
type ProfileFieldDefinition =
  | { name: string; kind: "text"; column: string; initial?: string }
  | { name: string; kind: "flag"; column: string; label: string; section: FlagSection; initial: boolean }
  | { name: string; kind: "list"; column: string }
  | { name: "categories"; kind: "categories"; column: null };

/**
 * Every field of the profile form, in the form's document order (the first field with a problem
 * gets focus). The form values, the form's checkboxes, the editor's column allow-list and the
 * profile page's flags are all derived from this table: a new field is added here and nowhere else.
 * Categories live in their own table, so they name no `profiles` column.
 */
export const PROFILE_FIELDS = [
  { name: "displayName", kind: "text", column: "displayName" },
  { name: "contactEmail", kind: "text", column: "contactEmail" },
  { name: "bio", kind: "text", column: "bio" },
  // "Who are your shows for?": kids, all or adults (app/lib/audience-rules.ts keeps the rest in step).
  { name: "audience", kind: "text", column: "audience" },
  { name: "characters", kind: "list", column: "characters" },
  { name: "state", kind: "text", column: "state" },
  { name: "city", kind: "text", column: "city" },
  { name: "travelRadius", kind: "text", column: "travelRadius", initial: DEFAULT_TRAVEL_RANGE },
  { name: "availableForTravel", kind: "flag", column: "availableForTravel", label: "Available to travel for events", section: "travel", initial: false },
  { name: "availableVirtual", kind: "flag", column: "availableVirtual", label: "Available for virtual appearances", section: "travel", initial: false },
  { name: "requireTravelExpenses", kind: "flag", column: "requireTravelExpenses", label: "Travel expenses must be covered", section: "travel", initial: false },
  { name: "requireDeposit", kind: "flag", column: "requireDeposit", label: "A deposit is required to book", section: "travel", initial: false },
  { name: "bringOwnCostume", kind: "flag", column: "bringOwnCostume", label: "I bring my own costume", section: "performance", initial: true },
  { name: "performOutdoors", kind: "flag", column: "performOutdoors", label: "Can perform outdoors", section: "performance", initial: true },
  { name: "requireDressingRoom", kind: "flag", column: "requireDressingRoom", label: "Needs a private changing area", section: "performance", initial: false },
  { name: "familyFriendlyOnly", kind: "flag", column: "familyFriendlyOnly", label: "Family-friendly events only", section: "performance", initial: false },
  { name: "adultThemesOk", kind: "flag", column: "adultThemesOk", label: "Open to adult-themed events (18+)", section: "performance", initial: false },
  { name: "groupPerformer", kind: "flag", column: "groupPerformer", label: "Performs as part of a group or crew", section: "performance", initial: false },
  { name: "backgroundCheck", kind: "flag", column: "backgroundCheck", label: "Background check completed", section: "performance", initial: false },
  { name: "priceMin", kind: "text", column: "priceMin" },
  { name: "priceMax", kind: "text", column: "priceMax" },
  { name: "facebook", kind: "text", column: "facebook" },
  { name: "instagram", kind: "text", column: "instagram" },
  { name: "tiktok", kind: "text", column: "tiktok" },
  { name: "twitter", kind: "text", column: "twitter" },
  { name: "categories", kind: "categories", column: null },
] as const satisfies readonly ProfileFieldDefinition[];

type ProfileFieldEntry = (typeof PROFILE_FIELDS)[number];
type TextFieldEntry = Extract<ProfileFieldEntry, { kind: "text" }>;
type FlagFieldEntry = Extract<ProfileFieldEntry, { kind: "flag" }>;
type ListFieldEntry = Extract<ProfileFieldEntry, { kind: "list" }>;

export type ProfileField = ProfileFieldEntry["name"];
export type ProfileTextField = TextFieldEntry["name"];
export type ProfileFlag = FlagFieldEntry["name"];
/** Fields posted as one value per box (a repeated key) and stored as a text[] column. */
export type ProfileListField = ListFieldEntry["name"];
/** The `profiles` columns the form writes (Drizzle property names). */
export type ProfileFormColumn = Exclude<ProfileFieldEntry["column"], null>;

const isTextField = (field: ProfileFieldEntry): field is TextFieldEntry => field.kind === "text";
const isFlagField = (field: ProfileFieldEntry): field is FlagFieldEntry => field.kind === "flag";
const isListField = (field: ProfileFieldEntry): field is ListFieldEntry => field.kind === "list";

const TEXT_FIELDS: readonly TextFieldEntry[] = PROFILE_FIELDS.filter(isTextField);
/** The 11 yes/no performance flags, with the editor's label and section. */
export const PROFILE_FLAGS: readonly FlagFieldEntry[] = PROFILE_FIELDS.filter(isFlagField);

type FlagColumn = (typeof PROFILE_FLAGS)[number]["column"];

/** The profile's yes/no flags, read off a database row. */
export function pickFlags(row: Record<FlagColumn, boolean | null>): Record<ProfileFlag, boolean> {
  return Object.fromEntries(PROFILE_FLAGS.map((flag) => [flag.name, Boolean(row[flag.column])])) as Record<ProfileFlag, boolean>;
}
const LIST_FIELDS: readonly ListFieldEntry[] = PROFILE_FIELDS.filter(isListField);

/** What the form holds: text exactly as typed, checkboxes as booleans, lists one entry per box. */
export type ProfileFormValues = Record<ProfileTextField, string> &
  Record<ProfileFlag, boolean> &
  Record<ProfileListField, string[]> & { categories: string[] };

export const SOCIAL_PLATFORMS = {
  facebook: { label: "Facebook", hosts: ["facebook.com", "fb.com"] },
  instagram: { label: "Instagram", hosts: ["instagram.com", "instagr.am"] },
  tiktok: { label: "TikTok", hosts: ["tiktok.com"] },
  twitter: { label: "X (Twitter)", hosts: ["twitter.com", "x.com"] },
} as const;
export type SocialPlatform = keyof typeof SOCIAL_PLATFORMS;

const PRICE_LIMIT = 1_000_000;
const HANDLE_PATTERN = /^[A-Za-z0-9._-]{1,100}$/;

export function defaultProfileValues(contactEmail: string): ProfileFormValues {
  const values = {} as ProfileFormValues;
  for (const field of TEXT_FIELDS) values[field.name] = "initial" in field ? field.initial : "";
  for (const flag of PROFILE_FLAGS) values[flag.name] = flag.initial;
  for (const list of LIST_FIELDS) values[list.name] = [];
  values.contactEmail = contactEmail;
  values.categories = [];
  return values;
}

function hostMatches(host: string, allowed: readonly string[]) {
  const bare = host.toLowerCase().replace(/^(www\.|m\.|mobile\.)/, "");
  return allowed.includes(bare);
}

/**
 * A handle as typed or pasted -> the bare handle: "https://instagram.com/jane/" and "@jane" both
 * become "jane"; an empty box becomes null. Returns an error message for anything else.
 */
export function normalizeHandle(platform: SocialPlatform, raw: string): { handle: string | null } | { error: string } {
  const { label, hosts } = SOCIAL_PLATFORMS[platform];
  let value = raw.trim();
  if (value === "") return { handle: null };
  const looksLikeUrl = /^https?:\/\//i.test(value) || /^([a-z0-9-]+\.)+[a-z]{2,}\//i.test(value);
  if (looksLikeUrl) {
    let url: URL;
    try {
      url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`);
    } catch {
      return { error: `Enter your ${label} username or profile link` };
    }
    if (!hostMatches(url.hostname, hosts)) return { error: `Use your ${label} link or username here` };
    const segments = url.pathname.split("/").filter(Boolean);
    if (platform === "facebook" && segments[0] === "profile.php") {
      value = url.searchParams.get("id") ?? "";
    } else {
      value = decodeURIComponent(segments[0] ?? "");
    }
  }
  value = value.replace(/^@+/, "");
  if (!HANDLE_PATTERN.test(value)) return { error: `Enter your ${label} username or profile link` };
  return { handle: value };
}

const handle = (platform: SocialPlatform) =>
  z.string().transform((raw, ctx) => {
    const result = normalizeHandle(platform, raw);
    if ("error" in result) {
      ctx.issues.push({ code: "custom", message: result.error, input: raw });
      return z.NEVER;
    }
    return result.handle;
  });

// Whole dollars, as the spec's parseInt did: "150" -> 150, "99.50" -> 99, "" -> null.
const price = z.string().transform((raw, ctx) => {
  const value = raw.trim();
  if (value === "") return null;
  if (!/^-?\d+(\.\d*)?$/.test(value)) {
    ctx.issues.push({ code: "custom", message: "Enter a whole dollar amount", input: raw });
    return z.NEVER;
  }
  const amount = Number(value);
  if (amount < 0) {
    ctx.issues.push({ code: "custom", message: "Price cannot be negative", input: raw });
    return z.NEVER;
  }
  if (amount > PRICE_LIMIT) {
    ctx.issues.push({ code: "custom", message: "Enter a price under $1,000,000", input: raw });
    return z.NEVER;
  }
  return Math.trunc(amount);
});

// Each text field's rule; `satisfies` makes a field of the table without a rule a type error.
const textRules = {
  displayName: oneLine(z.string().trim().min(1, "Display name is required").max(100, "Display name must be 100 characters or fewer")),
  contactEmail: z
    .string()
    .trim()
    .min(1, "Contact email is required")
    .pipe(z.email("Invalid email address").max(254, "Invalid email address"))
    .transform((v) => v.toLowerCase()),
  bio: multiLine(
    z
      .string()
      .trim()
      .min(1, "Bio is required")
      .min(BIO_MIN_LENGTH, `Bio must be at least ${BIO_MIN_LENGTH} characters`)
      .max(5000, "Bio must be 5,000 characters or fewer"),
  ),
  state: z
    .string()
    .trim()
    .min(1, "State is required")
    .transform((v) => v.toUpperCase())
    .refine((v) => STATE_ABBREVIATIONS.includes(v), "Select a state from the list"),
  // Only "required" here: whether the state has that city is the server's check (the gazetteer's
  // 29,000 names stay on the server), made by the editor's action and by saveProfile.
  city: oneLine(z.string().trim().min(1, "City is required").max(100, "City must be 100 characters or fewer")),
  priceMin: price,
  priceMax: price,
  facebook: handle("facebook"),
  instagram: handle("instagram"),
  tiktok: handle("tiktok"),
  twitter: handle("twitter"),
  travelRadius: z.enum(TRAVEL_RANGE_VALUES, "Select a travel range from the list"),
  audience: z.enum(AUDIENCES, AUDIENCE_REQUIRED),
} satisfies Record<ProfileTextField, z.ZodType<unknown, string>>;

const flagRules = Object.fromEntries(PROFILE_FLAGS.map((flag) => [flag.name, z.boolean()])) as Record<ProfileFlag, z.ZodBoolean>;

// Each list field's rule, like textRules.
const listRules = {
  characters: charactersRule,
} satisfies Record<ProfileListField, z.ZodType<unknown, string[]>>;

export const PRICE_ORDER_MESSAGE = "Maximum price must be at least the minimum";

export const profileSchema = z.object({
  ...textRules,
  ...flagRules,
  ...listRules,
  categories: z
    .array(z.string())
    .transform((list) => CATEGORIES.filter((c) => list.includes(c)))
    .pipe(z.array(z.enum(CATEGORIES)).min(1, "Please select at least one category")),
}).superRefine(
  (value, ctx) => {
    // Prices that failed their own rule are still their raw text here: only two numbers compare.
    const { priceMin, priceMax } = value as { priceMin: unknown; priceMax: unknown };
    if (typeof priceMin === "number" && typeof priceMax === "number" && priceMax < priceMin) {
      ctx.addIssue({ code: "custom", path: ["priceMax"], message: PRICE_ORDER_MESSAGE });
    }
  },
  // Checked even while other fields are wrong, so the message shows as soon as both prices are typed.
  { when: () => true },
).superRefine(
  (value, ctx) => {
    // The answer and the audience categories and flags must agree (app/lib/audience-rules.ts). A
    // field that failed its own rule is still its raw input here, so each is read defensively.
    const { audience, categories, adultThemesOk } = value as { audience: unknown; categories: unknown; adultThemesOk: unknown };
    const chosen = Array.isArray(categories) ? categories.filter((c): c is string => typeof c === "string") : [];
    if (!isAudience(audience)) {
      if (hasBothAudienceCategories(chosen)) ctx.addIssue({ code: "custom", path: ["categories"], message: BOTH_AUDIENCE_CATEGORIES });
      return;
    }
    const problems = audienceProblems({ audience, categories: chosen, adultThemesOk: adultThemesOk === true });
    for (const [field, message] of Object.entries(problems)) ctx.addIssue({ code: "custom", path: [field], message });
  },
  { when: () => true },
);

export type ProfileInput = z.output<typeof profileSchema>;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

/**
 * Checks values the editor already holds (the browser's per-field checks, with a field's pending
 * change laid over the live form). A post is parsed with the server's profileFormSchema (this
 * schema plus the city check, app/server/profiles/profile-editor.server.ts), which reads it the same way.
 */
export function validateProfile(values: ProfileFormValues): FormResult<typeof profileSchema> {
  return parseValues(profileSchema, values);
}

/** Which of the fields a public listing needs are still missing, in the spec's wording. */
export function missingListingFields(profile: {
  displayName: string | null;
  bio: string | null;
  state: string | null;
  city: string | null;
  categories: readonly string[];
}): string[] {
  const missing: string[] = [];
  if (!profile.displayName?.trim()) missing.push("Display Name");
  if (!profile.bio?.trim()) missing.push("Bio");
  if (!profile.state) missing.push("State");
  if (!profile.city) missing.push("City");
  if (profile.categories.length === 0) missing.push("at least one category");
  return missing;
}
