// Kept apart from format.ts so the public profile page's browser code stays small: its loader
// sends finished links (socialLinks), and only the owner's dashboard preview builds them in the page.

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

export interface SocialLink {
  network: SocialNetwork;
  label: string;
  url: string;
}

/** The links a profile's Connect section shows, in a fixed order, for the handles that make one. */
export function socialLinks(handles: Record<SocialNetwork, string | null>): SocialLink[] {
  return (["instagram", "facebook", "tiktok", "twitter"] as const).flatMap((network) => {
    const url = socialUrl(network, handles[network]);
    return url ? [{ network, label: socialLabel(network), url }] : [];
  });
}
