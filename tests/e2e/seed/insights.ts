import { hashPassword } from "better-auth/crypto";
import { account, profiles, user } from "~/server/db/schema";
import { ACCOUNTS_PASSWORD } from "./accounts";
import type { E2ESeedContext } from "./index";

// Listed performers of the insights journey, one per attempt: a first attempt's counted view stays
// counted for the day, so a retry needs a performer nobody has viewed yet. In Alaska, which no other
// fixture uses, travelling only locally, with a bio no search word matches, so other journeys
// neither see nor count them.

export const INSIGHTS_PERFORMERS = [0, 1].map((retry) => {
  const suffix = retry === 0 ? "" : "-retry";
  return {
    id: `e2e-insights${suffix}`,
    email: `insights${suffix}@example.com`,
    displayName: retry === 0 ? "Aurora Insightful" : "Borealis Insightful",
  };
});

export function insightsPerformerFor(retry: number) {
  return INSIGHTS_PERFORMERS[retry === 0 ? 0 : 1];
}

function nextYear(): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

export async function seedInsights({ db }: E2ESeedContext) {
  const password = await hashPassword(ACCOUNTS_PASSWORD);
  for (const performer of INSIGHTS_PERFORMERS) {
    const { id, email, displayName } = performer;
    await db.insert(user).values({ id, email, name: "", emailVerified: true });
    await db.insert(account).values({ id: `${id}-credential`, accountId: id, providerId: "credential", userId: id, password });
    await db.insert(profiles).values({
      id,
      displayName,
      bio: "Northern lights and glacier tales for gatherings in Juneau, with a hand-sewn parka and a sled-dog puppet called Kodiak.",
      state: "AK",
      city: "Juneau",
      travelRadius: "local_only",
      contactEmail: email,
      isActive: true,
      paymentStatus: "paid",
      paymentExpiry: nextYear(),
    });
  }
}
