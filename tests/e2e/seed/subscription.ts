import { hashPassword } from "better-auth/crypto";
import { account, profileCategories, profiles, stripeCustomers, stripeSubscriptions, user } from "~/server/db/schema";
import { ACCOUNTS, ACCOUNTS_PASSWORD } from "./accounts";
import type { E2ESeedContext } from "./index";

// The subscription page's fixtures: complete profiles not yet paid (one to look at, one to pay for
// in the Stripe sandbox), and the stored subscription behind the seeded paid account, so it reads as
// a real subscriber (renewal date) rather than a listing paid from nowhere. They sit in Montana,
// which no other fixture uses, and have no search text.

export const SUBSCRIPTION_ACCOUNTS = {
  /** Complete and unpaid: the marketing page, checkout canceled. */
  unpaid: { id: "e2e-subscription-unpaid", email: "subscription-unpaid@example.com", displayName: "Big Sky Bandit" },
  /** Complete and unpaid: Subscribe Now, Pay, Listing Active, Manage billing, cancel. */
  subscriber: { id: "e2e-subscription-journey", email: "subscription-journey@example.com", displayName: "Glacier Guardian" },
  /** The same journey's retry starts unpaid too, whatever the first attempt paid for or cancelled. */
  subscriberRetry: { id: "e2e-subscription-journey-retry", email: "subscription-journey-retry@example.com", displayName: "Glacier Gallant" },
  /** Complete and unpaid, with a name and a travel range: the free year offered first, applied for in one tap. */
  freeYear: { id: "e2e-subscription-free-year", email: "subscription-free-year@example.com", displayName: "Prairie Paladin" },
  freeYearRetry: { id: "e2e-subscription-free-year-retry", email: "subscription-free-year-retry@example.com", displayName: "Prairie Pilgrim" },
  /** The same application without JavaScript (and its retry). */
  freeYearNoScript: { id: "e2e-subscription-free-year-nojs", email: "subscription-free-year-nojs@example.com", displayName: "Prairie Page" },
  freeYearNoScriptRetry: { id: "e2e-subscription-free-year-nojs-retry", email: "subscription-free-year-nojs-retry@example.com", displayName: "Prairie Poet" },
} as const;

/** The free-year accounts' full name (the one-tap application does not ask it). */
export const FREE_YEAR_FULL_NAME = "Robin Prairie";

const BIO =
  "A friendly costumed performer for birthday parties, school visits and community fairs across Montana, with games, photos and a short show.";

function nextYear(): Date {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() + 1);
  return date;
}

export async function seedSubscription({ db }: E2ESeedContext) {
  const password = await hashPassword(ACCOUNTS_PASSWORD);
  for (const { id, email, displayName } of Object.values(SUBSCRIPTION_ACCOUNTS)) {
    const freeYear = id.startsWith("e2e-subscription-free-year");
    await db.insert(user).values({ id, email, name: freeYear ? FREE_YEAR_FULL_NAME : "", emailVerified: true });
    await db.insert(account).values({ id: `${id}-credential`, accountId: id, providerId: "credential", userId: id, password });
    await db.insert(profiles).values({
      id,
      displayName,
      bio: BIO,
      state: "MT",
      city: "Billings",
      contactEmail: email,
      ...(freeYear ? { travelRadius: "long_distance" as const, travelRadiusChosenAt: new Date() } : {}),
    });
    await db.insert(profileCategories).values({ profileId: id, category: "Hero" });
  }

  // The seeded paid account's subscription as the webhook would have stored it.
  const end = nextYear();
  const start = new Date(end);
  start.setUTCFullYear(start.getUTCFullYear() - 1);
  const customerId = "cus_e2eaccountscomplete";
  await db.insert(stripeCustomers).values({ userId: ACCOUNTS.complete.id, customerId });
  await db.insert(stripeSubscriptions).values({
    id: "sub_e2eaccountscomplete",
    customerId,
    status: "active",
    currentPeriodStart: start,
    currentPeriodEnd: end,
    cancelAtPeriodEnd: false,
    latestInvoiceStatus: "paid",
  });
}
