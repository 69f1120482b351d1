import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NextSteps } from "~/components/inquiry/InquiryConfirmation";
import { profileFacts } from "~/components/profile/ProfileDetails";
import { PROFILE_FLAGS, type ProfileFlag } from "~/lib/profile-schema";
import { isQuickToReply, replyLine } from "~/lib/reply-figures";
import { contactMessages, profiles } from "~/server/db/schema";
import { cardsForIds, getPublicProfile } from "~/server/directory/directory.server";
import { refreshAllReplyStats, refreshReplyStats } from "~/server/inquiries/reply-stats.server";
import { runReplyStats } from "~/server/jobs/reply-stats.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import { addPerformer } from "./search-fixtures";

// The public reply figures: median hours to a first answer and the share answered over 90 days,
// shown from three inquiries on; the "Quick to reply" badge; and the job that keeps them as time
// passes (inquiries leaving the window, unanswered ones passing their grace).

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const NOW = new Date("2031-03-01T12:00:00Z");

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** An inquiry that came `ageHours` before NOW, answered `answeredAfterHours` after it came (or never). */
async function inquiry(profileId: string, ageHours: number, answeredAfterHours: number | null) {
  const createdAt = new Date(NOW.getTime() - ageHours * HOUR);
  await database.db.insert(contactMessages).values({
    profileId,
    senderName: "Pat",
    senderEmail: "pat@example.com",
    phoneNumber: "",
    city: "Orlando",
    state: "FL",
    zip: "32801",
    message: "Hello",
    createdAt,
    isRead: answeredAfterHours !== null,
    answer: answeredAfterHours === null ? null : "replied",
    answeredAt: answeredAfterHours === null ? null : new Date(createdAt.getTime() + answeredAfterHours * HOUR),
  });
}

async function figures(id: string) {
  const [row] = await database.db.select({ hours: profiles.replyHours, rate: profiles.replyRate }).from(profiles).where(eq(profiles.id, id));
  return row;
}

describe(`reply figures (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("say nothing under three inquiries, then the median rounded up and the share answered", async () => {
    const id = await addPerformer(database.db);
    await inquiry(id, 100, 2);
    await inquiry(id, 200, 5.5);
    await refreshReplyStats(database.db, id, NOW);
    expect(await figures(id)).toEqual({ hours: null, rate: null });

    await inquiry(id, 300, 30);
    await inquiry(id, 400, null);
    await refreshReplyStats(database.db, id, NOW);
    // Answered after 2, 5.5 and 30 hours: the median 5.5 rounds up to 6; 3 of 4 answered.
    expect(await figures(id)).toEqual({ hours: 6, rate: 75 });
  });

  it("leave out an unanswered inquiry still within its grace, and anything older than 90 days", async () => {
    const id = await addPerformer(database.db);
    await inquiry(id, 10, 0.2);
    await inquiry(id, 20, 0.5);
    await inquiry(id, 30, 1);
    await inquiry(id, 5, null); // came 5 hours ago: not counted against them yet
    await inquiry(id, 91 * 24, null); // outside the window
    await refreshReplyStats(database.db, id, NOW);
    // "Within an hour" is at least 1.
    expect(await figures(id)).toEqual({ hours: 1, rate: 100 });

    // Four days on, the waiting one counts, and the figures follow without anyone answering.
    await runReplyStats(database.db, new Date(NOW.getTime() + 4 * DAY));
    expect(await figures(id)).toEqual({ hours: 1, rate: 75 });
    // A hundred days on, nothing is left in the window: the figures go.
    await refreshAllReplyStats(database.db, new Date(NOW.getTime() + 100 * DAY));
    expect(await figures(id)).toEqual({ hours: null, rate: null });
  });

  it("word the line and the badge, on cards and the profile", async () => {
    expect(replyLine(3, 95)).toBe("Usually replies within 3 hours · replies to 95% of inquiries");
    expect(replyLine(1, 100)).toBe("Usually replies within an hour · replies to 100% of inquiries");
    expect(replyLine(72, 50)).toBe("Usually replies within 3 days · replies to 50% of inquiries");
    expect(replyLine(null, 0)).toBe("Replies to 0% of inquiries");
    expect(replyLine(null, null)).toBeNull();
    expect(isQuickToReply(23, 80)).toBe(true);
    expect(isQuickToReply(24, 100)).toBe(false);
    expect(isQuickToReply(2, 79)).toBe(false);
    expect(isQuickToReply(null, 100)).toBe(false);

    const quick = await addPerformer(database.db, { displayName: "Quick One" });
    const slow = await addPerformer(database.db, { displayName: "Slow One" });
    await database.db.update(profiles).set({ replyHours: 3, replyRate: 95 }).where(eq(profiles.id, quick));
    await database.db.update(profiles).set({ replyHours: 30, replyRate: 95 }).where(eq(profiles.id, slow));
    const cards = await cardsForIds(database.db, [quick, slow]);
    expect(cards.find((c) => c.id === quick)).toMatchObject({ quickToReply: true, replyLine: "Usually replies within 3 hours · replies to 95% of inquiries" });
    expect(cards.find((c) => c.id === slow)).toMatchObject({ quickToReply: false, replyLine: "Usually replies within 30 hours · replies to 95% of inquiries" });
    expect(await getPublicProfile(database.db, quick)).toMatchObject({ quickToReply: true });
  });

  it("replace the reads line where it shows: the profile's facts and the note after sending", async () => {
    const line = replyLine(3, 95);
    const facts = profileFacts({ priceMin: 100, priceMax: 150, travelRadius: "local_only", flags: Object.fromEntries(PROFILE_FLAGS.map((f) => [f.name, false])) as Record<ProfileFlag, boolean>, readsWithinHours: 2, replyLine: line, quickToReply: true });
    expect(facts.map((f) => f.text)).toContain("Quick to reply");
    expect(facts.map((f) => f.text)).toContain("Usually replies within 3 hours · replies to 95% of inquiries");
    expect(facts.map((f) => f.text)).not.toContain("Usually reads inquiries within 2 hours");
    const html = renderToStaticMarkup(createElement(NextSteps, { performerName: "Jolly Squad", readsWithinHours: 2, replyLine: line, hasCopy: false }));
    expect(html).toContain("Jolly Squad usually replies within 3 hours and replies to 95% of inquiries.");
    const before = renderToStaticMarkup(createElement(NextSteps, { performerName: "Jolly Squad", readsWithinHours: 2, replyLine: null, hasCopy: false }));
    expect(before).toContain("Jolly Squad usually reads inquiries within 2 hours.");
  });
});
