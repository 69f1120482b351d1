import zipcodes from "zipcodes";
import { ALL_COSTUMES, type Costume } from "../art/figure";
import { createRandom, deriveSeed, type Random } from "../art/random";
import { ARCHETYPES, ADULTS_ONLY, type Archetype, KIDS_ONLY } from "./archetypes";
import { composeBio } from "./bios";
import { charactersFor, coverPartyThemes, type CastMember } from "./characters";
import { ADJECTIVES, FIRST_NAMES, LAST_NAMES, POWER_WORDS, TITLES } from "./names";
import {
  CATEGORIES,
  type Category,
  EVENT_TYPES,
  EXPERIENCE_OPTIONS,
  FREE_LISTING_SPOTS,
  MAX_IMAGES_PER_PROFILE,
  PAID_EVENTS_OPTIONS,
  type RequestStatus,
  TRAVEL_ANSWERS,
  type TravelRange,
} from "~/lib/constants";
import type { Audience } from "~/lib/audience";
import { audienceFlags } from "~/lib/audience-rules";
import { milesBetween } from "~/lib/geo";
import { citiesOf, findCity, stateName, US_STATES } from "~/lib/us-states";
import { gazetteerCitiesOf, type GazetteerCity } from "~/server/places/gazetteer.server";

// Builds the whole demo data set in memory, deterministically from a seed: the same options give
// the same people, places, texts and dates (relative to `now`) on every machine.

export const DEMO_ADMIN = { email: "admin@costumecast.test", password: "demo-admin-123", name: "Demo Admin" } as const;
export const DEMO_PERFORMER = {
  email: "performer@costumecast.test",
  password: "demo-performer-123",
  name: "Carla Alvarez",
  displayName: "Commander Comet Carla",
  state: "TX",
  city: "Austin",
  characters: ["Comet Commander", "Flying Caped Hero", "Web-Slinging Hero"],
} as const;

/** The trademarked character one not-yet-listed demo performer lists, for the admin's flag. */
export const DEMO_TRADEMARK_CHARACTER = "Elsa";

export type DemoStatus = "listed" | "pending" | "expired" | "deactivated";
export const DEMO_STATUSES: readonly DemoStatus[] = ["listed", "pending", "expired", "deactivated"];

export interface DemoUser {
  id: string;
  name: string;
  email: string;
  createdAt: Date;
}

export interface DemoProfile {
  id: string;
  displayName: string;
  bio: string;
  /** The characters they play, from the editor's trademark-safe suggestions (characters.ts). */
  characters: string[];
  state: string;
  city: string;
  latitude: number | null;
  longitude: number | null;
  priceMin: number | null;
  priceMax: number | null;
  facebook: string | null;
  instagram: string | null;
  tiktok: string | null;
  twitter: string | null;
  contactEmail: string;
  isActive: boolean;
  paymentStatus: "pending" | "paid" | "expired";
  paymentExpiry: string | null;
  travelRadius: TravelRange;
  availableForTravel: boolean;
  availableVirtual: boolean;
  requireTravelExpenses: boolean;
  requireDeposit: boolean;
  bringOwnCostume: boolean;
  performOutdoors: boolean;
  requireDressingRoom: boolean;
  familyFriendlyOnly: boolean;
  adultThemesOk: boolean;
  groupPerformer: boolean;
  backgroundCheck: boolean;
  /** Who the shows are for, consistent with the categories and flags (app/lib/audience-rules.ts). */
  audience: Audience;
  createdAt: Date;
}

export interface DemoPerformer {
  user: DemoUser;
  profile: DemoProfile;
  status: DemoStatus;
  archetype: string;
  categories: Category[];
  /** Indexes into the data set's portrait pool, main image first. */
  images: number[];
}

export interface DemoInquiry {
  profileId: string;
  senderName: string;
  senderEmail: string;
  phoneNumber: string;
  city: string;
  state: string;
  zip: string;
  message: string;
  eventType: string[];
  eventDate: string | null;
  isRead: boolean;
  createdAt: Date;
}

export interface DemoFreeListingRequest {
  fullName: string;
  email: string;
  phone: string | null;
  city: string;
  state: string;
  instagram: string | null;
  facebook: string | null;
  youtube: string | null;
  tiktok: string | null;
  website: string | null;
  experience: (typeof EXPERIENCE_OPTIONS)[number];
  paidEvents: (typeof PAID_EVENTS_OPTIONS)[number];
  eventTypes: string | null;
  characters: string | null;
  bio: string;
  travel: (typeof TRAVEL_ANSWERS)[number];
  whyJoin: string | null;
  questions: string | null;
  status: RequestStatus;
  reviewed: boolean;
  notes: string | null;
  createdAt: Date;
}

export interface PortraitSpec {
  seed: number;
  costume: Costume;
}

export interface DemoDataSet {
  admin: DemoUser;
  performers: DemoPerformer[];
  inquiries: DemoInquiry[];
  freeListingRequests: DemoFreeListingRequest[];
  /** Distinct pictures; performers reuse them, so each is drawn and processed only once. */
  portraits: PortraitSpec[];
}

export interface DemoOptions {
  seed?: number;
  performers?: number;
  /** Portraits in the pool; a multiple of the 8 costume kinds works best. */
  portraits?: number;
  now?: Date;
}

export const DEFAULT_PERFORMERS = 300;
const DEFAULT_PORTRAITS = 48;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Every party theme is played by listed performers in at least this many states (fewer in a small set). */
const MIN_STATES_PER_THEME = 8;
/** About one performer in five lives in a town within 25 miles of a larger city. */
const TOWN_SHARE = 0.2;
const TOWN_MAX_MILES = 25;
/** Towns, not hamlets: at least this many ZIP codes. */
const TOWN_MIN_ZIP_CODES = 3;

// Rough populations in millions: bigger states get more performers.
const POPULATION: Record<string, number> = {
  CA: 39.5, TX: 29.1, FL: 21.5, NY: 20.2, PA: 13, IL: 12.8, OH: 11.8, GA: 10.7, NC: 10.4, MI: 10.1,
  NJ: 9.3, VA: 8.6, WA: 7.7, AZ: 7.2, MA: 7, TN: 6.9, IN: 6.8, MD: 6.2, MO: 6.2, WI: 5.9,
  CO: 5.8, MN: 5.7, SC: 5.1, AL: 5, LA: 4.7, KY: 4.5, OR: 4.2, OK: 4, CT: 3.6, UT: 3.3,
  IA: 3.2, NV: 3.1, AR: 3, MS: 3, KS: 2.9, NM: 2.1, NE: 2, ID: 1.8, WV: 1.8, HI: 1.5,
  NH: 1.4, ME: 1.4, RI: 1.1, MT: 1.1, DE: 1, SD: 0.9, ND: 0.8, AK: 0.7, VT: 0.6, WY: 0.6,
};

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function daysFrom(now: Date, days: number): Date {
  return new Date(now.getTime() + days * DAY_MS);
}

function randomId(random: Random, length = 32): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  let id = "";
  for (let i = 0; i < length; i++) id += alphabet[random.int(0, alphabet.length - 1)];
  return id;
}

function slug(text: string, separator: string): string {
  return text
    .toLowerCase()
    .replace(/'/g, "")
    .replace(/[^a-z0-9]+/g, separator)
    .replace(new RegExp(`^\\${separator}+|\\${separator}+$`, "g"), "");
}

/** Every state gets two performers once there are enough to go round; the rest follow population. */
export function allocateStates(count: number, random: Random): string[] {
  const abbrs = US_STATES.map((s) => s.abbreviation);
  const base = count >= abbrs.length * 2 ? 2 : 0;
  const remaining = count - base * abbrs.length;
  const total = abbrs.reduce((sum, a) => sum + (POPULATION[a] ?? 1), 0);
  const shares = abbrs.map((a) => {
    const exact = (remaining * (POPULATION[a] ?? 1)) / total;
    return { abbr: a, whole: Math.floor(exact), fraction: exact - Math.floor(exact) };
  });
  let leftover = remaining - shares.reduce((sum, s) => sum + s.whole, 0);
  for (const share of [...shares].sort((a, b) => b.fraction - a.fraction)) {
    if (leftover <= 0) break;
    share.whole += 1;
    leftover -= 1;
  }
  const list = shares.flatMap((s) => Array.from({ length: base + s.whole }, () => s.abbr));
  return random.shuffle(list);
}

function allocateStatuses(count: number, random: Random): DemoStatus[] {
  const pending = Math.max(count >= 4 ? 1 : 0, Math.round(count * 0.09));
  const expired = Math.max(count >= 4 ? 1 : 0, Math.round(count * 0.09));
  const deactivated = Math.max(count >= 4 ? 1 : 0, Math.round(count * 0.07));
  const listed = count - pending - expired - deactivated;
  const statuses: DemoStatus[] = [
    ...Array<DemoStatus>(listed).fill("listed"),
    ...Array<DemoStatus>(pending).fill("pending"),
    ...Array<DemoStatus>(expired).fill("expired"),
    ...Array<DemoStatus>(deactivated).fill("deactivated"),
  ];
  return random.shuffle(statuses);
}

function weightedArchetype(random: Random): Archetype {
  const total = ARCHETYPES.reduce((sum, a) => sum + a.weight, 0);
  let roll = random.range(0, total);
  for (const archetype of ARCHETYPES) {
    roll -= archetype.weight;
    if (roll < 0) return archetype;
  }
  return ARCHETYPES[ARCHETYPES.length - 1];
}

function stageName(archetype: Archetype, random: Random, used: Set<string>): string {
  for (let attempt = 0; attempt < 50; attempt++) {
    const first = random.pick(FIRST_NAMES);
    const role = random.pick(archetype.roles);
    const alliterative = POWER_WORDS.filter((w) => w[0] === first[0] && w !== first);
    const power = alliterative.length > 0 && random.chance(0.6) ? random.pick(alliterative) : random.pick(POWER_WORDS);
    const patterns: (() => string)[] = [() => `${random.pick(ADJECTIVES)} ${role}`, () => `The ${random.pick(ADJECTIVES)} ${role}`];
    if (archetype.id === "group") patterns.push(() => `${power} ${role}`);
    if (archetype.personal.length > 0) {
      patterns.push(() => `${first} the ${random.pick(archetype.personal)}`);
      if (archetype.id !== "mascot" && archetype.id !== "furry") {
        patterns.push(() => `${random.pick(TITLES)} ${power} ${first}`, () => `${power} ${first}`, () => `${random.pick(TITLES)} ${power} ${first}`);
      }
    }
    const name = random.pick(patterns)();
    if (!used.has(name.toLowerCase())) {
      used.add(name.toLowerCase());
      return name;
    }
  }
  // Unreachable in practice: the word lists allow thousands of combinations.
  const fallback = `${random.pick(ADJECTIVES)} ${random.pick(archetype.roles)} ${used.size + 1}`;
  used.add(fallback.toLowerCase());
  return fallback;
}

function chooseCategories(archetype: Archetype, random: Random): Category[] {
  const count = random.pick([1, 2, 2, 3, 3, 3, 4]);
  const extras = random.shuffle(archetype.related);
  // Now and then an act also takes a category outside its usual set, as real performers do.
  if (random.chance(0.15)) extras.splice(random.int(0, extras.length), 0, random.pick(CATEGORIES));
  const chosen: Category[] = [archetype.primary];
  for (const category of extras) {
    if (chosen.length >= count) break;
    if (chosen.includes(category)) continue;
    if ((category === KIDS_ONLY && chosen.includes(ADULTS_ONLY)) || (category === ADULTS_ONLY && chosen.includes(KIDS_ONLY))) continue;
    chosen.push(category);
  }
  return chosen;
}

function prices(random: Random): { priceMin: number | null; priceMax: number | null } {
  const roll = random.next();
  if (roll < 0.12) return { priceMin: null, priceMax: null };
  const min = random.pick([40, 50, 60, 75, 80, 90, 100, 100, 120, 125, 150, 175, 200]);
  if (roll < 0.17) return { priceMin: min, priceMax: null };
  return { priceMin: min, priceMax: min + random.pick([25, 50, 75, 100, 100, 150, 200, 250]) };
}

function socials(name: string, random: Random) {
  const base = slug(name, "");
  const dotted = slug(name, ".");
  const underscored = slug(name, "_");
  const suffix = random.pick(["", "", "_events", "official", "_parties", "live"]);
  return {
    instagram: random.chance(0.8) ? random.pick([base, dotted, underscored]) + suffix : null,
    facebook: random.chance(0.5) ? random.pick([base, `${base}events`, dotted]) : null,
    tiktok: random.chance(0.45) ? random.pick([base, underscored, `${base}tok`]) : null,
    twitter: random.chance(0.3) ? (underscored.length > 15 ? underscored.slice(0, 15) : underscored) : null,
  };
}

function travel(archetype: Archetype, random: Random) {
  const travelRadius = random.pick<TravelRange>([
    "local_only",
    "short_distance",
    "short_distance",
    "medium_distance",
    "medium_distance",
    "long_distance",
    "nationwide",
  ]);
  const far = travelRadius === "long_distance" || travelRadius === "nationwide";
  return {
    travelRadius,
    availableForTravel: far || travelRadius === "medium_distance" ? true : random.chance(0.3),
    availableVirtual: random.chance(0.22),
    requireTravelExpenses: far ? random.chance(0.75) : random.chance(0.1),
    requireDeposit: random.chance(0.45),
    bringOwnCostume: random.chance(0.92),
    performOutdoors: random.chance(archetype.id === "mascot" || archetype.id === "furry" ? 0.5 : 0.8),
    requireDressingRoom: random.chance(archetype.id === "mascot" || archetype.id === "furry" ? 0.7 : 0.25),
  };
}

function pickPortraits(archetype: Archetype, pool: PortraitSpec[], count: number, random: Random, mainUses: number[]): number[] {
  const matching = pool.map((p, i) => ({ p, i })).filter(({ p }) => archetype.costumes.includes(p.costume)).map(({ i }) => i);
  const others = pool.map((_, i) => i).filter((i) => !matching.includes(i));
  // The main picture is the least used one that fits, so cards side by side rarely look the same.
  const candidates = random.shuffle(matching.length > 0 ? matching : others);
  const main = candidates.reduce((best, i) => (mainUses[i] < mainUses[best] ? i : best), candidates[0]);
  mainUses[main] += 1;
  const rest = [...random.shuffle(matching), ...random.shuffle(others)].filter((i) => i !== main);
  return [main, ...rest].slice(0, count);
}

function zipFor(city: string, state: string, random: Random): string {
  const byName = zipcodes.lookupByName(city, state);
  if (byName.length > 0) return random.pick(byName).zip;
  const inState = zipcodes.lookupByState(state);
  return inState.length > 0 ? random.pick(inState).zip : "00000";
}

const INQUIRY_MESSAGES: ((performer: string, event: string) => string)[] = [
  (p, e) => `Hi ${p}! We're planning a ${e.toLowerCase()} and my son would be over the moon if you came. About 15 kids, backyard, around 2 hours. Are you free, and what would the price be?`,
  (p, e) => `Hello, I'm organizing a ${e.toLowerCase()} for our company and would love to book ${p} for photos and a short appearance. Could you send availability and rates?`,
  () => `Hi there, we saw your profile and love your costume! Our daughter turns six soon. Do you do 1-hour visits, and is there a travel fee to our area?`,
  (p, e) => `Good afternoon ${p}, our school PTA is putting together a ${e.toLowerCase()}. We'd need you for about 90 minutes indoors. Do you have a background check on file?`,
  (p) => `Hey! Is ${p} available on a weekday evening? It's a surprise party for my partner, who is a huge fan of costumed characters. Adults only, very low-key.`,
  (p, e) => `Hi, we run a small comic shop and would like ${p} for a ${e.toLowerCase()} on a Saturday. We can offer a table and snacks. What do you usually charge?`,
  () => `Hello! Do you offer group packages? We have a library reading event for around 40 kids and would love two characters if possible.`,
];

function inquiriesFor(performer: DemoPerformer, count: number, unread: number, random: Random, now: Date): DemoInquiry[] {
  const out: DemoInquiry[] = [];
  for (let i = 0; i < count; i++) {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const city = random.chance(0.7) ? performer.profile.city : random.pick(citiesOf(performer.profile.state)).name;
    const events = random.sample(EVENT_TYPES, random.pick([1, 1, 1, 2]));
    const ageDays = random.int(0, 45);
    out.push({
      profileId: performer.profile.id,
      senderName: `${first} ${last}`,
      senderEmail: `${slug(first, "")}.${slug(last, "")}${random.int(1, 99)}@example.org`,
      phoneNumber: `(${random.int(201, 989)}) 555-01${String(random.int(0, 99)).padStart(2, "0")}`,
      city,
      state: performer.profile.state,
      zip: zipFor(city, performer.profile.state, random),
      message: random.pick(INQUIRY_MESSAGES)(performer.profile.displayName, events[0]),
      eventType: events,
      eventDate: random.chance(0.85) ? isoDate(daysFrom(now, random.int(7, 150))) : null,
      // The newest messages are the unread ones, as in a real inbox.
      isRead: i >= unread,
      createdAt: daysFrom(now, -ageDays - i * 3),
    });
  }
  return out;
}

const APPLICANT_CHARACTERS = [
  "An original space ranger and a friendly robot sidekick",
  "Fairy princess, mermaid and a woodland elf",
  "A homemade dinosaur mascot suit",
  "Pirate captain and a swashbuckling deckhand",
  "Original anime-style heroine with a foam staff",
  "A caped hero I designed for my nephew's birthday",
];

/**
 * About half pending, a third approved, the rest rejected. Each approval is a grant of the program,
 * so approvals never exceed its spots (a very large demo turns the excess into rejections).
 */
function requestStatuses(count: number, random: Random): RequestStatus[] {
  const pending = Math.ceil(count * 0.55);
  const approved = Math.min(Math.ceil(count * 0.85) - pending, FREE_LISTING_SPOTS);
  return random.shuffle(
    Array.from({ length: count }, (_, i): RequestStatus => (i < pending ? "pending" : i < pending + approved ? "approved" : "rejected")),
  );
}

function freeListingRequests(count: number, random: Random, now: Date): DemoFreeListingRequest[] {
  const statuses = requestStatuses(count, random);
  return statuses.map((status, i) => {
    const first = random.pick(FIRST_NAMES);
    const last = random.pick(LAST_NAMES);
    const state = random.pick(US_STATES);
    const city = random.pick(state.cities).name;
    const handle = `${slug(first, "")}${slug(last, "")}`;
    const experience = random.pick(EXPERIENCE_OPTIONS);
    const characters = random.pick(APPLICANT_CHARACTERS);
    return {
      fullName: `${first} ${last}`,
      email: `${handle}${i}@example.net`,
      phone: random.chance(0.6) ? `(${random.int(201, 989)}) 555-01${String(random.int(0, 99)).padStart(2, "0")}` : null,
      city,
      state: state.abbreviation,
      instagram: random.chance(0.7) ? `${handle}.cosplay` : null,
      facebook: random.chance(0.3) ? handle : null,
      youtube: random.chance(0.15) ? `${handle}builds` : null,
      tiktok: random.chance(0.4) ? `${handle}_costumes` : null,
      website: random.chance(0.2) ? `https://${handle}.example.com` : null,
      experience,
      paidEvents: experience === "0-1" ? "no" : random.pick(PAID_EVENTS_OPTIONS),
      eventTypes: random.sample(EVENT_TYPES, random.int(1, 3)).join(", "),
      characters,
      bio: `I'm ${first}, a costume performer from ${city}, ${state.name}. ${characters} are my current line-up, all built by hand. I love making kids laugh and I'm careful to keep every appearance family friendly.`,
      travel: random.pick(TRAVEL_ANSWERS),
      whyJoin: random.chance(0.7) ? "I want families in my area to be able to find me without relying on word of mouth alone." : null,
      questions: random.chance(0.3) ? "Can I list more than one character on the same profile?" : null,
      status,
      reviewed: status !== "pending",
      notes: status === "rejected" ? "Photos showed a licensed character; invited to re-apply with original costumes." : status === "approved" ? "Great original costumes." : null,
      createdAt: daysFrom(now, -random.int(1, 60)),
    };
  });
}

export function generateDemoData(options: DemoOptions = {}): DemoDataSet {
  const seed = options.seed ?? 2025;
  const count = Math.max(1, options.performers ?? DEFAULT_PERFORMERS);
  const now = options.now ?? new Date();
  const random = createRandom(seed);
  const costumeOrder = createRandom(deriveSeed(seed, "pool")).shuffle(ALL_COSTUMES);
  const portraits: PortraitSpec[] = Array.from({ length: options.portraits ?? DEFAULT_PORTRAITS }, (_, i) => ({
    seed: deriveSeed(seed, `portrait-${i}`),
    costume: costumeOrder[i % costumeOrder.length],
  }));

  const states = allocateStates(count, createRandom(deriveSeed(seed, "states")));
  // The demo login lives in a fixed, easy-to-find place.
  const loginStateIndex = states.indexOf(DEMO_PERFORMER.state);
  if (loginStateIndex > 0) [states[0], states[loginStateIndex]] = [states[loginStateIndex], states[0]];
  else if (loginStateIndex < 0) states[0] = DEMO_PERFORMER.state;

  const statuses = allocateStatuses(count, createRandom(deriveSeed(seed, "statuses")));
  const firstListed = statuses.indexOf("listed");
  if (firstListed > 0) [statuses[0], statuses[firstListed]] = [statuses[firstListed], statuses[0]];
  statuses[0] = "listed";

  const cityQueues = new Map<string, string[]>();
  const nextCity = (abbr: string) => {
    let queue = cityQueues.get(abbr);
    if (!queue || queue.length === 0) {
      queue = random.shuffle(citiesOf(abbr).map((c) => c.name));
      cityQueues.set(abbr, queue);
    }
    return queue.shift()!;
  };

  // Some performers live in a town near a larger city (Kissimmee by Orlando), as real ones do: a
  // stream of its own, so the rest of the data set is what it was before towns were added.
  const townRandom = createRandom(deriveSeed(seed, "towns"));
  const townsNear = new Map<string, GazetteerCity[]>();
  const placeOf = (abbr: string, cityName: string): { city: string; lat: number; lon: number } | null => {
    const listed = findCity(abbr, cityName);
    if (!listed) return null;
    const key = `${abbr}|${cityName}`;
    let towns = townsNear.get(key);
    if (!towns) {
      const centre = { latitude: listed.lat, longitude: listed.lon };
      towns = gazetteerCitiesOf(abbr).filter(
        (t) => !t.major && t.zipCodes >= TOWN_MIN_ZIP_CODES && milesBetween(centre, t) <= TOWN_MAX_MILES,
      );
      townsNear.set(key, towns);
    }
    if (towns.length === 0 || !townRandom.chance(TOWN_SHARE)) return { city: listed.name, lat: listed.lat, lon: listed.lon };
    const town = townRandom.pick(towns);
    return { city: town.name, lat: town.latitude, lon: town.longitude };
  };

  const usedNames = new Set<string>([DEMO_PERFORMER.displayName.toLowerCase()]);
  const usedEmails = new Set<string>([DEMO_ADMIN.email, DEMO_PERFORMER.email]);
  const performers: DemoPerformer[] = [];
  const mainUses = portraits.map(() => 0);
  for (let i = 0; i < count; i++) {
    const isLogin = i === 0;
    const archetype = isLogin ? ARCHETYPES[0] : weightedArchetype(random);
    const state = states[i];
    const place = isLogin ? null : placeOf(state, nextCity(state));
    const city = isLogin ? DEMO_PERFORMER.city : (place?.city ?? nextCity(state));
    const displayName = isLogin ? DEMO_PERFORMER.displayName : stageName(archetype, random, usedNames);
    let email = isLogin ? DEMO_PERFORMER.email : `${slug(displayName, ".")}@example.com`;
    if (!isLogin && usedEmails.has(email)) email = email.replace("@", `.${i}@`);
    usedEmails.add(email);
    const categories: Category[] = isLogin ? ["Hero", "Comic Book Character", KIDS_ONLY] : chooseCategories(archetype, random);
    const status = statuses[i];
    const createdAt = daysFrom(now, status === "pending" ? -random.int(1, 60) : -random.int(30, 700));
    const travelFacts = travel(archetype, random);
    const kidsOnly = categories.includes(KIDS_ONLY);
    const adultsOnly = categories.includes(ADULTS_ONLY);
    const group = categories.includes("Group/Crew Performer");
    const backgroundCheck = random.chance(kidsOnly ? 0.8 : 0.4);
    const years = random.int(1, 15);
    const coordinates = place ?? findCity(state, city);
    const bio = composeBio(
      {
        stageName: displayName,
        city,
        stateName: stateName(state),
        archetype,
        years,
        travelRadius: travelFacts.travelRadius,
        availableVirtual: travelFacts.availableVirtual,
        backgroundCheck,
        kidsOnly,
        adultsOnly,
        group,
        currentYear: now.getUTCFullYear(),
      },
      random,
    );
    const payment =
      status === "pending"
        ? { paymentStatus: "pending" as const, paymentExpiry: null }
        : status === "expired"
          ? { paymentStatus: "expired" as const, paymentExpiry: isoDate(daysFrom(now, -random.int(3, 300))) }
          : { paymentStatus: "paid" as const, paymentExpiry: isoDate(daysFrom(now, random.int(92, 335))) };
    const id = randomId(random);
    const imageCount = isLogin ? 3 : random.pick([1, 1, 2, 2, 2, 3, 3, 4, 4]);
    performers.push({
      user: { id, name: isLogin ? DEMO_PERFORMER.name : `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`, email, createdAt },
      status,
      archetype: archetype.id,
      categories,
      images: pickPortraits(archetype, portraits, Math.min(imageCount, MAX_IMAGES_PER_PROFILE), random, mainUses),
      profile: {
        id,
        displayName,
        bio,
        // Filled below from a stream of their own, so adding them moved nothing else in the data set.
        characters: [],
        state,
        city,
        latitude: coordinates?.lat ?? null,
        longitude: coordinates?.lon ?? null,
        ...prices(random),
        ...socials(displayName, random),
        contactEmail: isLogin || random.chance(0.7) ? email : `bookings.${slug(displayName, ".")}@example.com`,
        isActive: status !== "deactivated",
        ...payment,
        ...travelFacts,
        familyFriendlyOnly: kidsOnly || (!adultsOnly && random.chance(0.3)),
        adultThemesOk: adultsOnly,
        groupPerformer: group,
        backgroundCheck,
        // Decided below, once every category is given out.
        audience: "all",
        createdAt,
      },
    });
  }

  // Every category appears at least once, even in a small set.
  const used = new Set(performers.flatMap((p) => p.categories));
  for (const category of CATEGORIES) {
    if (used.has(category)) continue;
    const target = performers.find(
      (p, i) =>
        i > 0 &&
        p.categories.length < MAX_IMAGES_PER_PROFILE &&
        !(category === KIDS_ONLY && p.categories.includes(ADULTS_ONLY)) &&
        !(category === ADULTS_ONLY && p.categories.includes(KIDS_ONLY)),
    );
    if (!target) continue;
    target.categories.push(category);
    if (category === ADULTS_ONLY) {
      target.profile.adultThemesOk = true;
      target.profile.familyFriendlyOnly = false;
    }
    if (category === KIDS_ONLY) {
      target.profile.familyFriendlyOnly = true;
      target.profile.adultThemesOk = false;
    }
    if (category === "Group/Crew Performer") target.profile.groupPerformer = true;
    used.add(category);
  }

  // One clear audience each, as the editor now asks: the 18+ category makes an adults-only act,
  // Kids' Parties Only or a family-friendly-only tick one for kids and families, the rest play for
  // all ages. The flags follow the answer as the editor keeps them. No random draw, so nothing
  // else in the data set moves.
  for (const p of performers) {
    const audience: Audience = p.categories.includes(ADULTS_ONLY)
      ? "adults"
      : p.categories.includes(KIDS_ONLY) || p.profile.familyFriendlyOnly
        ? "kids"
        : "all";
    Object.assign(p.profile, { audience, ...audienceFlags(audience, p.profile.adultThemesOk) });
  }

  const characterRandom = createRandom(deriveSeed(seed, "characters"));
  const cast: CastMember[] = performers.map((p, i) => {
    p.profile.characters = i === 0 ? [...DEMO_PERFORMER.characters] : charactersFor(p.archetype, characterRandom);
    return {
      archetype: p.archetype,
      state: p.profile.state,
      listed: p.status === "listed",
      adultsOnly: p.categories.includes(ADULTS_ONLY),
      characters: p.profile.characters,
    };
  });
  const listedCount = cast.filter((m) => m.listed).length;
  coverPartyThemes(cast, Math.min(MIN_STATES_PER_THEME, Math.max(1, Math.floor(listedCount / 25))), characterRandom);
  // One performer not yet listed wrote a trademarked name anyway, as happens: the admin's profiles
  // list flags their row with the word, and opening their editor shows the suggestion. No
  // random draw, so nothing else in the data set moves.
  const unlisted = performers.find((p) => p.status === "pending" && p.profile.characters.length < 10);
  if (unlisted) unlisted.profile.characters = [...unlisted.profile.characters, DEMO_TRADEMARK_CHARACTER];

  const inquiryRandom = createRandom(deriveSeed(seed, "inquiries"));
  const inquiries: DemoInquiry[] = [...inquiriesFor(performers[0], 5, 3, inquiryRandom, now)];
  for (const performer of performers.slice(1)) {
    if (performer.status !== "listed" || !inquiryRandom.chance(0.35)) continue;
    const n = inquiryRandom.int(1, 3);
    inquiries.push(...inquiriesFor(performer, n, inquiryRandom.int(0, n), inquiryRandom, now));
  }

  return {
    admin: { id: randomId(createRandom(deriveSeed(seed, "admin"))), name: DEMO_ADMIN.name, email: DEMO_ADMIN.email, createdAt: daysFrom(now, -720) },
    performers,
    inquiries,
    freeListingRequests: freeListingRequests(Math.max(4, Math.round(count / 20)), createRandom(deriveSeed(seed, "requests")), now),
    portraits,
  };
}
