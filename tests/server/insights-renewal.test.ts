import { describe, expect, it } from "vitest";
import { profileDailyStats } from "~/server/db/schema";
import { sendBillingReminders } from "~/server/jobs/listing-lifecycle.server";
import { grantFreeListing } from "~/server/payments/grants.server";
import { todayIso } from "~/server/directory/visibility.server";
import { createProfile, createUser, DAY_MS, ENGINE, mailTo, periodEnd, subscribeAndPay, usePaymentsHarness } from "./payments-fixtures";

const harness = usePaymentsHarness();

describe(`the renewal reminder quotes the year's numbers (${ENGINE})`, () => {
  it("says how often the listing appeared, was viewed and was asked, over the past year", async () => {
    const account = await createUser(harness);
    await createProfile(harness, account.id);
    const { subscription } = await subscribeAndPay(harness, account.id);
    const end = periodEnd(subscription);
    const remindAt = new Date(end.getTime() - 29 * DAY_MS);
    const day = (daysBefore: number) => todayIso(new Date(remindAt.getTime() - daysBefore * DAY_MS));
    await harness.database.db.insert(profileDailyStats).values([
      { profileId: account.id, day: day(1), views: 40, appearances: 1200, inquiries: 2 },
      { profileId: account.id, day: day(200), views: 1, appearances: 34, inquiries: 1 },
      // More than a year before the reminder: not part of "the past year".
      { profileId: account.id, day: day(400), views: 999, appearances: 999, inquiries: 9 },
    ]);

    expect(await sendBillingReminders(harness.context, remindAt)).toMatchObject({ renewal: 1 });
    const [reminder] = (await mailTo(harness, account.email)).filter((m) => m.subject.includes("renews on"));
    const sentence =
      "In the past year your listing appeared 1,234 times in search and browse results, your profile was viewed 41 times, and you received 3 inquiries.";
    expect(reminder.text).toContain(sentence);
    expect(reminder.html).toContain(sentence);
  });

  it("leaves the numbers out when nothing was counted", async () => {
    const account = await createUser(harness);
    await createProfile(harness, account.id);
    const { subscription } = await subscribeAndPay(harness, account.id);
    const remindAt = new Date(periodEnd(subscription).getTime() - 29 * DAY_MS);
    expect(await sendBillingReminders(harness.context, remindAt)).toMatchObject({ renewal: 1 });
    const [reminder] = (await mailTo(harness, account.email)).filter((m) => m.subject.includes("renews on"));
    expect(reminder.text).not.toContain("In the past year");
  });

  it("the note before a free year ends quotes that year's numbers too", async () => {
    const account = await createUser(harness);
    await createProfile(harness, account.id, "OR", "Portland");
    const { listing: change } = await grantFreeListing(harness.database.db, harness.context, { userId: account.id, startsOn: todayIso() });
    const end = new Date(`${change!.after.paymentExpiry!}T12:00:00Z`);
    const remindAt = new Date(end.getTime() - 30 * DAY_MS);
    await harness.database.db
      .insert(profileDailyStats)
      .values({ profileId: account.id, day: todayIso(new Date(remindAt.getTime() - 3 * DAY_MS)), views: 1, appearances: 12, inquiries: 1 });
    expect(await sendBillingReminders(harness.context, remindAt)).toMatchObject({ freeListing: 1 });
    const [note] = (await mailTo(harness, account.email)).filter((m) => m.subject.startsWith("Your free"));
    expect(note.text).toContain(
      "In the past year your listing appeared 12 times in search and browse results, your profile was viewed 1 time, and you received 1 inquiry.",
    );
  });
});
