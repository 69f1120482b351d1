// Who a performer's shows are for: one answer per profile, asked by the profile editor as "Who are
// your shows for?". The categories Kids' Parties Only and 18+ Events Only and the family-friendly
// flag follow it (the editor keeps them consistent), and an adults-only act is left out of every
// listing and search unless the visitor asks for adult events.

export const AUDIENCES = ["kids", "all", "adults"] as const;
export type Audience = (typeof AUDIENCES)[number];

export const AUDIENCE_LABELS: Record<Audience, string> = {
  kids: "Kids and families",
  all: "All ages",
  adults: "Adults only (18+)",
};

export function isAudience(value: unknown): value is Audience {
  return typeof value === "string" && (AUDIENCES as readonly string[]).includes(value);
}
