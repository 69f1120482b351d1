import { hashPassword } from "better-auth/crypto";
import { account, profileDailyStats, profiles, user } from "~/server/db/schema";
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

/**
 * A performer with a season of numbers, whose dashboard is only looked at: one day in
 * each of the last 12 weeks, the current week's today, so each lands in its own week of the chart.
 */
export const INSIGHTS_SEASONED = {
  id: "e2e-insights-seasoned",
  email: "insights-seasoned@example.com",
  displayName: "Cassiopeia Insightful",
  weeks: Array.from({ length: 12 }, (_, k) => ({ weeksAgo: k, views: 10 + k * 3, appearances: 200 + k * 25, inquiries: k % 4 === 0 ? 1 : 0 })),
};

/**
 * A listing four weeks old with few views, seen on a phone: its chart starts at its first day, the
 * rate waits for 20 views, and a handful of inquiries keeps its own small chart.
 */
export const INSIGHTS_YOUNG = {
  id: "e2e-insights-young",
  email: "insights-young@example.com",
  displayName: "Dione Insightful",
  days: [
    { daysAgo: 26, views: 3, appearances: 60, inquiries: 1 },
    { daysAgo: 19, views: 2, appearances: 45, inquiries: 0 },
    { daysAgo: 12, views: 4, appearances: 80, inquiries: 1 },
    { daysAgo: 5, views: 3, appearances: 50, inquiries: 0 },
    { daysAgo: 0, views: 2, appearances: 30, inquiries: 1 },
  ],
};

export const SEASONED_TOTALS = INSIGHTS_SEASONED.weeks.reduce(
  (sum, w) => ({ views: sum.views + w.views, appearances: sum.appearances + w.appearances, inquiries: sum.inquiries + w.inquiries }),
  { views: 0, appearances: 0, inquiries: 0 },
);

function nextYear(): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date.toISOString().slice(0, 10);
}

export async function seedInsights({ db }: E2ESeedContext) {
  const password = await hashPassword(ACCOUNTS_PASSWORD);
  for (const performer of [...INSIGHTS_PERFORMERS, INSIGHTS_SEASONED, INSIGHTS_YOUNG]) {
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
      // The seasoned and young ones are switched off: no journey's browsing can add to their numbers.
      isActive: performer.id !== INSIGHTS_SEASONED.id && performer.id !== INSIGHTS_YOUNG.id,
      paymentStatus: "paid",
      paymentExpiry: nextYear(),
    });
  }
  const today = Date.now();
  await db.insert(profileDailyStats).values(
    INSIGHTS_SEASONED.weeks.map((w) => ({
      profileId: INSIGHTS_SEASONED.id,
      day: new Date(today - w.weeksAgo * 7 * 86_400_000).toISOString().slice(0, 10),
      views: w.views,
      appearances: w.appearances,
      inquiries: w.inquiries,
    })),
  );
  await db.insert(profileDailyStats).values(
    INSIGHTS_YOUNG.days.map((d) => ({
      profileId: INSIGHTS_YOUNG.id,
      day: new Date(today - d.daysAgo * 86_400_000).toISOString().slice(0, 10),
      views: d.views,
      appearances: d.appearances,
      inquiries: d.inquiries,
    })),
  );
}
