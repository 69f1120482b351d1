import { z } from "zod";
import { BIO_MIN_LENGTH, CATEGORIES, DEFAULT_TRAVEL_RANGE, TRAVEL_RANGE_VALUES } from "./constants";
import { findCity, findState } from "./us-states";

// The profile form's one schema: the route action parses the posted form with it and the browser
// runs the same parse on blur and submit, so both sides show the same messages.

export const PROFILE_TEXT_FIELDS = [
  "displayName",
  "contactEmail",
  "bio",
  "state",
  "city",
  "priceMin",
  "priceMax",
  "facebook",
  "instagram",
  "tiktok",
  "twitter",
  "travelRadius",
] as const;
export type ProfileTextField = (typeof PROFILE_TEXT_FIELDS)[number];

export const PROFILE_FLAGS = [
  { name: "availableForTravel", label: "Available to travel for events", section: "travel" },
  { name: "availableVirtual", label: "Available for virtual appearances", section: "travel" },
  { name: "requireTravelExpenses", label: "Travel expenses must be covered", section: "travel" },
  { name: "requireDeposit", label: "A deposit is required to book", section: "travel" },
  { name: "bringOwnCostume", label: "I bring my own costume", section: "performance" },
  { name: "performOutdoors", label: "Can perform outdoors", section: "performance" },
  { name: "requireDressingRoom", label: "Needs a private changing area", section: "performance" },
  { name: "familyFriendlyOnly", label: "Family-friendly events only", section: "performance" },
  { name: "adultThemesOk", label: "Open to adult-themed events (18+)", section: "performance" },
  { name: "groupPerformer", label: "Performs as part of a group or crew", section: "performance" },
  { name: "backgroundCheck", label: "Background check completed", section: "performance" },
] as const;
export type ProfileFlag = (typeof PROFILE_FLAGS)[number]["name"];

export type ProfileField = ProfileTextField | ProfileFlag | "categories";

/** What the form holds: text exactly as typed, checkboxes as booleans. */
export type ProfileFormValues = Record<ProfileTextField, string> & Record<ProfileFlag, boolean> & { categories: string[] };

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
  return {
    displayName: "",
    contactEmail,
    bio: "",
    state: "",
    city: "",
    priceMin: "",
    priceMax: "",
    facebook: "",
    instagram: "",
    tiktok: "",
    twitter: "",
    travelRadius: DEFAULT_TRAVEL_RANGE,
    availableForTravel: false,
    availableVirtual: false,
    requireTravelExpenses: false,
    requireDeposit: false,
    bringOwnCostume: true,
    performOutdoors: true,
    requireDressingRoom: false,
    familyFriendlyOnly: false,
    adultThemesOk: false,
    groupPerformer: false,
    backgroundCheck: false,
    categories: [],
  };
}

/** Reads the posted form (or the browser's live form) into form values. An unticked checkbox is absent. */
export function readProfileForm(formData: FormData): ProfileFormValues {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value : "";
  };
  const values = defaultProfileValues("");
  for (const name of PROFILE_TEXT_FIELDS) values[name] = text(name);
  for (const flag of PROFILE_FLAGS) values[flag.name] = formData.get(flag.name) !== null;
  values.categories = formData.getAll("categories").filter((v): v is string => typeof v === "string");
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

const flag = z.boolean();

export const profileSchema = z
  .object({
    displayName: z
      .string()
      .trim()
      .min(1, "Display name is required")
      .max(100, "Display name must be 100 characters or fewer"),
    contactEmail: z
      .string()
      .trim()
      .min(1, "Contact email is required")
      .pipe(z.email("Invalid email address").max(254, "Invalid email address"))
      .transform((v) => v.toLowerCase()),
    bio: z
      .string()
      .trim()
      .min(1, "Bio is required")
      .min(BIO_MIN_LENGTH, `Bio must be at least ${BIO_MIN_LENGTH} characters`)
      .max(5000, "Bio must be 5,000 characters or fewer"),
    state: z
      .string()
      .trim()
      .min(1, "State is required")
      .transform((v) => v.toUpperCase())
      .refine((v) => findState(v) !== undefined, "Select a state from the list"),
    city: z.string().trim().min(1, "City is required"),
    priceMin: price,
    priceMax: price,
    facebook: handle("facebook"),
    instagram: handle("instagram"),
    tiktok: handle("tiktok"),
    twitter: handle("twitter"),
    travelRadius: z.enum(TRAVEL_RANGE_VALUES, "Select a travel range from the list"),
    availableForTravel: flag,
    availableVirtual: flag,
    requireTravelExpenses: flag,
    requireDeposit: flag,
    bringOwnCostume: flag,
    performOutdoors: flag,
    requireDressingRoom: flag,
    familyFriendlyOnly: flag,
    adultThemesOk: flag,
    groupPerformer: flag,
    backgroundCheck: flag,
    categories: z
      .array(z.string())
      .transform((list) => CATEGORIES.filter((c) => list.includes(c)))
      .pipe(z.array(z.enum(CATEGORIES)).min(1, "Please select at least one category")),
  })
  .superRefine(
    (value, ctx) => {
      // The city must be one of the chosen state's cities: its coordinates come from that list.
      const { state, city } = value as { state: unknown; city: unknown };
      if (typeof state !== "string" || typeof city !== "string" || city === "" || !findState(state)) return;
      if (!findCity(state, city)) ctx.addIssue({ code: "custom", path: ["city"], message: "Select a city from the list" });
    },
    // Run even when other fields failed, so a bad city is reported alongside them.
    { when: () => true },
  );

export type ProfileInput = z.output<typeof profileSchema>;
export type ProfileErrors = Partial<Record<ProfileField, string>>;

export type ProfileValidation = { ok: true; data: ProfileInput } | { ok: false; errors: ProfileErrors };

/** Parses form values; on failure, the first message for each field. */
export function validateProfile(values: ProfileFormValues): ProfileValidation {
  const parsed = profileSchema.safeParse(values);
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: ProfileErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && !(field in errors)) errors[field as ProfileField] = issue.message;
  }
  return { ok: false, errors };
}

export const REQUIRED_FOR_LISTING = ["Display Name", "Bio", "State", "City", "at least one category"] as const;

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
