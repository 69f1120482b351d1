import { CARD_CATEGORY_LIMIT } from "./constants";

const dollars = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** "$100 - $150 / hour", or null unless both bounds are set. */
export function formatPriceRange(min: number | null | undefined, max: number | null | undefined): string | null {
  if (min === null || min === undefined || max === null || max === undefined) return null;
  return `$${dollars.format(Math.round(min))} - $${dollars.format(Math.round(max))} / hour`;
}

/** The categories a card shows, and how many it leaves out. */
export function visibleCategories(categories: readonly string[], limit: number = CARD_CATEGORY_LIMIT) {
  return { shown: categories.slice(0, limit), hidden: Math.max(0, categories.length - limit) };
}

export function moreLabel(hidden: number): string {
  return `+${hidden} more`;
}

/** "Austin, TX" with whichever parts exist. */
export function formatLocation(city: string | null | undefined, state: string | null | undefined): string {
  return [city, state].filter(Boolean).join(", ");
}

/** "1 performer found" / "12 performers found". */
export function performersFound(count: number): string {
  return `${dollars.format(count)} ${count === 1 ? "performer" : "performers"} found`;
}

export type SocialNetwork = "facebook" | "instagram" | "tiktok" | "twitter";

const SOCIAL_BASE: Record<SocialNetwork, { label: string; url: (handle: string) => string }> = {
  facebook: { label: "Facebook", url: (h) => `https://www.facebook.com/${h}` },
  instagram: { label: "Instagram", url: (h) => `https://www.instagram.com/${h}` },
  tiktok: { label: "TikTok", url: (h) => `https://www.tiktok.com/@${h}` },
  twitter: { label: "X (Twitter)", url: (h) => `https://x.com/${h}` },
};

export function socialLabel(network: SocialNetwork): string {
  return SOCIAL_BASE[network].label;
}

/**
 * The profile address for a stored handle. Performers sometimes paste a whole address or an
 * "@name"; only the bare handle is kept, and anything that is not a plausible handle gives null
 * so a visitor is never sent to an address the performer did not mean.
 */
export function socialUrl(network: SocialNetwork, stored: string | null | undefined): string | null {
  if (!stored) return null;
  let handle = stored.trim();
  if (/^https?:\/\//i.test(handle) || /^(www\.)?[a-z]+\.(com|net)\//i.test(handle)) {
    try {
      const url = new URL(/^https?:\/\//i.test(handle) ? handle : `https://${handle}`);
      handle = url.pathname.split("/").filter(Boolean)[0] ?? "";
    } catch {
      return null;
    }
  }
  handle = handle.replace(/^@+/, "");
  if (!/^[A-Za-z0-9._-]{1,100}$/.test(handle)) return null;
  return SOCIAL_BASE[network].url(encodeURIComponent(handle));
}

/** The first sentence-ish part of a text, cut at a word boundary, for meta descriptions. */
export function excerpt(text: string | null | undefined, max = 155): string {
  const clean = (text ?? "").replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[,.;:!?-]+$/, "")}…`;
}
