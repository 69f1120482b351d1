// Reference data shared by the browser and the server. Order and spelling follow the product spec.

export const CATEGORIES = [
  "Hero",
  "Villain",
  "Cosplay",
  "Furry",
  "Anime/Manga",
  "Video Game Character",
  "Comic Book Character",
  "Fantasy",
  "Sci-Fi",
  "Historical/Fantasy Crossover",
  "Kids' Parties Only",
  "18+ Events Only",
  "Custom Characters",
  "Group/Crew Performer",
  "Mascot Style",
] as const;
export type Category = (typeof CATEGORIES)[number];

export function isCategory(value: string): value is Category {
  return (CATEGORIES as readonly string[]).includes(value);
}

export const TRAVEL_RANGES = [
  { value: "local_only", label: "Local only (0-10 miles)", miles: 10 },
  { value: "short_distance", label: "Short distance (10-25 miles)", miles: 25 },
  { value: "medium_distance", label: "Medium distance (25-50 miles)", miles: 50 },
  { value: "long_distance", label: "Long distance (50-100 miles)", miles: 100 },
  { value: "nationwide", label: "Nationwide (will travel anywhere)", miles: null },
] as const;
export type TravelRange = (typeof TRAVEL_RANGES)[number]["value"];
export const TRAVEL_RANGE_VALUES = TRAVEL_RANGES.map((r) => r.value) as [TravelRange, ...TravelRange[]];
export const DEFAULT_TRAVEL_RANGE: TravelRange = "local_only";

export function travelRangeLabel(value: string): string {
  return TRAVEL_RANGES.find((r) => r.value === value)?.label ?? value;
}

export const EVENT_TYPES = [
  "Birthday Party",
  "Corporate Event",
  "Private Booking",
  "Convention Appearance",
  "School Event",
  "Photo Shoot",
  "Meet and Greet",
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const PAYMENT_STATUSES = ["pending", "paid", "expired"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const REQUEST_STATUSES = ["pending", "approved", "rejected"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const EXPERIENCE_OPTIONS = ["0-1", "1-3", "3+"] as const;
export const PAID_EVENTS_OPTIONS = ["yes", "no"] as const;
export const TRAVEL_ANSWERS = ["yes", "no", "depends"] as const;

export const PLANS = {
  YEARLY_MEMBERSHIP: {
    id: "YEARLY_MEMBERSHIP",
    name: "Yearly Membership",
    priceUsd: 29,
    interval: "year",
    months: 12,
  },
} as const;
export type PlanId = keyof typeof PLANS;

export const FREE_LISTING_SPOTS = 150;
export const MAX_IMAGES_PER_PROFILE = 4;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const FEATURED_PROFILES = 8;
export const CARD_CATEGORY_LIMIT = 3;
export const MESSAGE_MAX_LENGTH = 500;
export const PASSWORD_MIN_LENGTH = 6;
export const BIO_MIN_LENGTH = 100;
export const PAGE_SIZE = 24;
export const HERO_INTERVAL_MS = 5000;
export const WELCOME_POPUP_DELAY_MS = 2000;
export const WELCOME_POPUP_STORAGE_KEY = "hasSeenWelcomePopup";
export const LEGAL_LAST_UPDATED = "May 16, 2025";
export const NO_BOOKINGS_NOTE =
  "This site does not process payments or bookings. Please coordinate directly with the performer.";
