import fs from "node:fs/promises";
import path from "node:path";
import { hashPassword } from "better-auth/crypto";
import sharp from "sharp";
import type { Executor } from "~/server/db/client.server";
import { account, profileCategories, profileImages, profiles, user, type ImageVariant } from "~/server/db/schema";
import type { Audience } from "~/lib/audience";
import { inferAudience } from "~/lib/audience-rules";
import type { TravelRange } from "~/lib/constants";
import { findGazetteerCity } from "~/server/places/gazetteer.server";
import { refreshSearchDocument } from "~/server/profiles/search-document.server";
import type { E2ESeedContext } from "./index";

// Public directory fixtures: listed performers in a few quiet states (so other seeders' profiles
// do not change what these pages show) plus one profile for each way of NOT being public.

export const DIRECTORY_PASSWORD = "directory-pass-123";

const FAR_FUTURE = "2099-12-31";
const LONG_AGO = "2001-01-01";

export interface ProfileFixture {
  id: string;
  displayName: string | null;
  state: string;
  city: string;
  categories: string[];
  priceMin?: number | null;
  priceMax?: number | null;
  bio?: string;
  isActive?: boolean;
  paymentStatus?: "paid" | "pending" | "expired";
  paymentExpiry?: string | null;
  /** Number of pictures to generate (0 shows the placeholder). */
  images?: number;
  social?: { facebook?: string; instagram?: string; tiktok?: string; twitter?: string };
  contactEmail?: string;
  /** The account's sign-in address. */
  email?: string;
  /** The user row already exists (signed up through the auth API). */
  existingUser?: boolean;
  createdAt?: Date;
  flags?: Partial<Record<"availableForTravel" | "requireDeposit" | "groupPerformer" | "backgroundCheck", boolean>>;
  travelRadius?: TravelRange;
  /** Who the shows are for; by default what the categories say (18+ Events Only, Kids' Parties Only), else unknown. */
  audience?: Audience | null;
}

export const LISTED = {
  burlingtonHero: {
    id: "dir-vt-burlington-hero",
    displayName: "Green Mountain Guardian",
    state: "VT",
    city: "Burlington",
    categories: ["Hero", "Villain", "Cosplay", "Comic Book Character"],
    priceMin: 100,
    priceMax: 150,
    images: 2,
    social: { instagram: "@gm.guardian", tiktok: "gmguardian", facebook: "https://www.facebook.com/gmguardian/" },
    contactEmail: "secret-guardian@example.com",
    flags: { availableForTravel: true, backgroundCheck: true },
  },
  rutlandAnime: {
    id: "dir-vt-rutland-anime",
    displayName: "Maple Moon Mage",
    state: "VT",
    city: "Rutland",
    categories: ["Anime/Manga"],
    images: 0,
    contactEmail: "secret-mage@example.com",
  },
  cheyenneVillain: {
    id: "dir-wy-cheyenne-villain",
    displayName: "Prairie Phantom",
    state: "WY",
    city: "Cheyenne",
    categories: ["Villain", "Fantasy"],
    priceMin: 80,
    priceMax: 120,
    images: 1,
    contactEmail: "secret-phantom@example.com",
  },
} satisfies Record<string, ProfileFixture>;

export const HIDDEN = {
  inactive: { id: "dir-hidden-inactive", displayName: "Hidden Inactive Hero", isActive: false },
  unpaid: { id: "dir-hidden-unpaid", displayName: "Hidden Unpaid Hero", paymentStatus: "pending" as const },
  expiredStatus: { id: "dir-hidden-expired-status", displayName: "Hidden Expired Hero", paymentStatus: "expired" as const },
  pastExpiry: { id: "dir-hidden-past-expiry", displayName: "Hidden Lapsed Hero", paymentExpiry: LONG_AGO },
  nameless: { id: "dir-hidden-nameless", displayName: null },
};

/** A signed-in owner of an unpaid profile, for the preview journey. */
export const PREVIEW_OWNER = { id: "dir-preview-owner", email: "directory-owner@example.com", displayName: "Pending Pixie" };

function hiddenFixture(base: { id: string; displayName: string | null } & Partial<ProfileFixture>): ProfileFixture {
  return { state: "VT", city: "Burlington", categories: ["Hero"], images: 1, contactEmail: `${base.id}@example.com`, ...base };
}

async function writeImages(mediaDir: string, profileId: string, count: number, hue: number) {
  const rows: { imageUrl: string; storageKey: string; width: number; height: number; variants: ImageVariant[] }[] = [];
  for (let n = 0; n < count; n++) {
    const variants: ImageVariant[] = [];
    for (const width of [320, 640]) {
      const height = Math.round(width * 1.25);
      const key = `${profileId}/seed-${n}-${width}.webp`;
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
        <rect width="100%" height="100%" fill="hsl(${(hue + n * 40) % 360}, 55%, 45%)"/>
        <circle cx="${width / 2}" cy="${height * 0.38}" r="${width * 0.18}" fill="hsl(${(hue + 180) % 360}, 60%, 80%)"/>
        <rect x="${width * 0.25}" y="${height * 0.58}" width="${width * 0.5}" height="${height * 0.34}" rx="${width * 0.1}" fill="hsl(${(hue + 180) % 360}, 60%, 80%)"/>
      </svg>`;
      const file = path.join(mediaDir, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      await sharp(Buffer.from(svg)).webp({ quality: 70 }).toFile(file);
      variants.push({ width, height, key, url: `/media/${key}` });
    }
    const largest = variants[variants.length - 1];
    rows.push({ imageUrl: largest.url, storageKey: largest.key, width: largest.width, height: largest.height, variants });
  }
  return rows;
}

/** Inserts the user, profile, categories and (optionally) images of one fixture. */
export async function insertProfile(db: Executor, fixture: ProfileFixture, mediaDir?: string): Promise<void> {
  const email = fixture.email ?? `${fixture.id}@users.example.com`;
  if (!fixture.existingUser) {
    await db.insert(user).values({ id: fixture.id, name: fixture.displayName ?? fixture.id, email, emailVerified: true });
  }
  const city = findGazetteerCity(fixture.state, fixture.city);
  await db.insert(profiles).values({
    id: fixture.id,
    displayName: fixture.displayName,
    bio:
      fixture.bio ??
      `${fixture.displayName ?? "This performer"} performs at birthday parties, school events and conventions around ${fixture.city}. Every show is family friendly and tailored to your guests.`,
    state: fixture.state,
    city: fixture.city,
    latitude: city?.latitude ?? null,
    longitude: city?.longitude ?? null,
    ...(fixture.travelRadius ? { travelRadius: fixture.travelRadius, travelRadiusChosenAt: new Date() } : {}),
    priceMin: fixture.priceMin ?? null,
    priceMax: fixture.priceMax ?? null,
    facebook: fixture.social?.facebook ?? null,
    instagram: fixture.social?.instagram ?? null,
    tiktok: fixture.social?.tiktok ?? null,
    twitter: fixture.social?.twitter ?? null,
    contactEmail: fixture.contactEmail ?? email,
    isActive: fixture.isActive ?? true,
    paymentStatus: fixture.paymentStatus ?? "paid",
    paymentExpiry: fixture.paymentExpiry === undefined ? FAR_FUTURE : fixture.paymentExpiry,
    ...(fixture.flags ?? {}),
    audience: fixture.audience !== undefined ? fixture.audience : inferAudience(fixture.categories, { familyFriendlyOnly: false, adultThemesOk: false }),
    ...(fixture.createdAt ? { createdAt: fixture.createdAt } : {}),
  });
  if (fixture.categories.length) {
    await db.insert(profileCategories).values(fixture.categories.map((category) => ({ profileId: fixture.id, category })));
  }
  if (fixture.images && mediaDir) {
    const hue = [...fixture.id].reduce((sum, ch) => sum + ch.charCodeAt(0), 0) % 360;
    const images = await writeImages(mediaDir, fixture.id, fixture.images, hue);
    await db.insert(profileImages).values(images.map((image, position) => ({ profileId: fixture.id, position, ...image })));
  }
  await refreshSearchDocument(db, fixture.id);
}

export async function seedDirectory({ db, mediaDir }: E2ESeedContext) {
  const start = Date.UTC(2025, 0, 1);
  const listed = Object.values(LISTED) as ProfileFixture[];
  for (const [i, fixture] of listed.entries()) {
    await insertProfile(db, { ...fixture, createdAt: new Date(start + i * 60_000) }, mediaDir);
  }
  for (const fixture of Object.values(HIDDEN)) await insertProfile(db, hiddenFixture(fixture), mediaDir);

  await insertProfile(
    db,
    hiddenFixture({
      id: PREVIEW_OWNER.id,
      email: PREVIEW_OWNER.email,
      displayName: PREVIEW_OWNER.displayName,
      paymentStatus: "pending",
      paymentExpiry: null,
    }),
    mediaDir,
  );
  await db.insert(account).values({
    id: `${PREVIEW_OWNER.id}-credential`,
    accountId: PREVIEW_OWNER.id,
    providerId: "credential",
    userId: PREVIEW_OWNER.id,
    password: await hashPassword(DIRECTORY_PASSWORD),
  });
}
