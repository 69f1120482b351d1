import { count, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HONEYPOT_FIELD } from "~/lib/form";
import {
  ALERT_ADDRESS_BUSY,
  ALERT_ADDRESS_FULL,
  ALERT_ALREADY_LISTED,
  ALERT_CONFIRM_DAYS,
  ALERT_MAILS_PER_ADDRESS_PER_DAY,
  ALERT_MAILS_PER_CLIENT_PER_HOUR,
  ALERT_NOTHING_SEARCHED,
  ALERTS_PER_ADDRESS,
  type SearchAlertActionResult,
} from "~/lib/search-alert-view";
import * as alertsRoute from "~/routes/alerts";
import * as confirmRoute from "~/routes/alerts.confirm";
import * as unsubscribeRoute from "~/routes/alerts.unsubscribe";
import { ALERT_RECHECK_MS, checkSearchAlerts, MATCH_MAILS_PER_DAY, removeExpiredAlerts } from "~/server/alerts/alert-job.server";
import { confirmAlert } from "~/server/alerts/confirm.server";
import { handleAlertSubscribe } from "~/server/alerts/subscribe.server";
import { emailOutbox, profiles, rateLimitHits, searchAlertMatches, searchAlerts } from "~/server/db/schema";
import { parseForm } from "~/lib/form";
import { searchAlertSchema } from "~/lib/search-alert-schema";
import type { AppServices } from "~/server/platform/services.server";
import { createTestDatabase, type TestDatabase } from "../helpers/db";
import type { CapturedMail } from "../helpers/smtp-sink";
import { startMailDelivery, type MailDelivery } from "../helpers/mail-delivery";
import { call, getRequest, PUBLIC_URL, testServices, type Answer } from "./accounts-fixtures";
import { addPerformer } from "./search-fixtures";

// "Tell me when a performer for this is listed near me": the form's post, its one fixed
// confirmation mail, the button that starts the alert, the limits a script with many addresses
// meets, the job's one mail per new performer, and both ways to unsubscribe. Mail goes through the
// real outbox worker to a real SMTP server on loopback.

const WORDS = "encanto";

let database: TestDatabase;
let services: AppServices;
let mail: MailDelivery;

beforeAll(async () => {
  database = await createTestDatabase();
  services = await testServices(database);
  mail = await startMailDelivery();
});
afterAll(async () => {
  await mail?.close();
  await database?.close();
});
beforeEach(async () => {
  await database.db.delete(searchAlerts);
  await database.db.delete(emailOutbox);
  await database.db.delete(rateLimitHits);
  await database.db.delete(profiles);
  mail.clear();
});

/** The services as a request from one visitor (client key) sees them. */
function from(ip: string) {
  return { ...services, clientIp: ip };
}

function postAlert(fields: Record<string, string>, path = "/alerts"): Request {
  const body = new URLSearchParams({ q: "", state: "", city: "", ...fields });
  return new Request(`${PUBLIC_URL}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: PUBLIC_URL },
    body,
  });
}

async function subscribe(fields: Record<string, string>, ip = "203.0.113.10"): Promise<Answer & { result: SearchAlertActionResult }> {
  const answer = await call(alertsRoute.action, postAlert(fields), from(ip));
  return { ...answer, result: answer.data as SearchAlertActionResult };
}

/** Hands every queued mail to the SMTP server and returns what it received since the last call. */
function delivered(): Promise<CapturedMail[]> {
  return mail.delivered(database.db);
}

function confirmTokenIn(mail: CapturedMail): string {
  const match = /\/alerts\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!match) throw new Error(`no confirmation link in: ${mail.text}`);
  return match[1];
}

function unsubscribeUrlIn(mail: CapturedMail): string {
  const match = /(https?:\/\/\S+\/alerts\/unsubscribe\?token=\S+)/.exec(mail.text);
  if (!match) throw new Error(`no unsubscribe link in: ${mail.text}`);
  return match[1];
}

async function alertRows() {
  return database.db.select().from(searchAlerts);
}

/** Subscribes and presses the button behind the mailed link; the alert's id. */
async function confirmedAlert(email: string, q = `${WORDS} orlando`): Promise<string> {
  const { result } = await subscribe({ email, q });
  expect(result).toEqual({ ok: true, email });
  const [mail] = (await delivered()).filter((m) => m.to.includes(email));
  const answer = await call(confirmRoute.action, postAlert({ token: confirmTokenIn(mail) }, "/alerts/confirm"), services);
  expect(answer.data).toMatchObject({ kind: "confirmed" });
  const [row] = await database.db.select({ id: searchAlerts.id }).from(searchAlerts).where(eq(searchAlerts.email, email));
  return row.id;
}

describe("subscribing", () => {
  it("sends one confirmation mail with fixed text only: neither the words nor the place typed", async () => {
    const q = "encanto party Visit-cheap-pills.example NOW orlando";
    const { status, result } = await subscribe({ email: "Parent@Example.com", q });
    expect(status).toBe(200);
    expect(result).toEqual({ ok: true, email: "parent@example.com" });

    const mails = await delivered();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.to).toEqual(["parent@example.com"]);
    expect(mail.subject).toBe("Confirm your CostumeCast email alert");
    for (const typed of ["encanto", "cheap", "pills", "NOW", "Orlando", "orlando", "FL"]) {
      expect(mail.text).not.toContain(typed);
      expect(mail.html ?? "").not.toContain(typed);
      expect(mail.subject).not.toContain(typed);
    }
    expect(mail.text).toContain(`${PUBLIC_URL}/alerts/confirm?token=${confirmTokenIn(mail)}`);
    // The confirmation is not a list mail: nothing to unsubscribe from yet.
    expect(mail.listUnsubscribe).toBeNull();

    const [row] = await alertRows();
    expect(row).toMatchObject({ email: "parent@example.com", query: q, placeLabel: "Orlando, FL", confirmedAt: null });
    // Only the token's hash is stored.
    expect(row.confirmTokenHash).not.toBe(confirmTokenIn(mail));
  });

  it("answers a filled honeypot as if it worked, and sends nothing", async () => {
    const { result } = await subscribe({ email: "bot@example.com", q: WORDS, [HONEYPOT_FIELD]: "http://spam.example" });
    expect(result.ok).toBe(true);
    expect(await alertRows()).toHaveLength(0);
    expect(await delivered()).toHaveLength(0);
  });

  it("puts the messages next to the field or above the form, and stores nothing", async () => {
    const bad = await subscribe({ email: "not-an-address", q: WORDS });
    expect(bad.status).toBe(400);
    expect(bad.result).toMatchObject({ ok: false, errors: { email: "Invalid email address" }, values: { email: "not-an-address", q: WORDS } });

    for (const q of ["", "the and of"]) {
      const nothing = await subscribe({ email: "parent@example.com", q });
      expect(nothing.result).toMatchObject({ ok: false, message: ALERT_NOTHING_SEARCHED });
    }

    await addPerformer(database.db, { displayName: "Madrigal Family Magic", characters: ["Encanto Girl"], city: "Orlando" });
    const listed = await subscribe({ email: "parent@example.com", q: `${WORDS} orlando` });
    expect(listed.result).toMatchObject({ ok: false, message: ALERT_ALREADY_LISTED, resultsHref: "/search?q=encanto+orlando" });

    expect(await alertRows()).toHaveLength(0);
    expect(await delivered()).toHaveLength(0);
  });

  it("gives the same search a new link instead of a second alert", async () => {
    await subscribe({ email: "parent@example.com", q: WORDS });
    await subscribe({ email: "parent@example.com", q: WORDS });
    expect(await alertRows()).toHaveLength(1);
    const mails = await delivered();
    expect(mails).toHaveLength(2);
    // The older link no longer works: only the newest is stored.
    expect(await confirmAlert(database.db, confirmTokenIn(mails[0]))).toEqual({ kind: "invalid" });
    expect(await confirmAlert(database.db, confirmTokenIn(mails[1]))).toMatchObject({ kind: "confirmed" });
  });
});

describe("the limits a script with many addresses meets", () => {
  const now = new Date("2030-06-01T10:00:00Z");
  const post = (email: string, q: string, ip: string, at = now) => {
    const form = new FormData();
    for (const [name, value] of Object.entries({ email, q, state: "", city: "" })) form.set(name, value);
    return handleAlertSubscribe(services, parseForm(searchAlertSchema, form), ip, at);
  };

  it(`mails one address at most ${ALERT_MAILS_PER_ADDRESS_PER_DAY} times a day, counting only mails sent`, async () => {
    // Refused posts (an address-less search, a search with performers) count nothing.
    expect(await post("target@example.com", "", "198.51.100.1")).toMatchObject({ ok: false, message: ALERT_NOTHING_SEARCHED });
    for (let i = 0; i < ALERT_MAILS_PER_ADDRESS_PER_DAY; i++) {
      // Each from another machine, as a script would.
      expect(await post("target@example.com", `${WORDS} ${i}`, `198.51.100.${10 + i}`)).toMatchObject({ ok: true });
    }
    const refused = await post("target@example.com", `${WORDS} more`, "198.51.100.99");
    expect(refused).toMatchObject({ ok: false, message: ALERT_ADDRESS_BUSY });
    expect(await database.db.select({ n: count() }).from(emailOutbox)).toEqual([{ n: ALERT_MAILS_PER_ADDRESS_PER_DAY }]);
    // The refused post spent nothing of its sender's own allowance.
    const [spent] = await database.db.select({ n: count() }).from(rateLimitHits).where(eq(rateLimitHits.key, "alert-mail:client:198.51.100.99"));
    expect(spent.n).toBe(0);
    // The next day the address may be mailed again.
    expect(await post("target@example.com", `${WORDS} more`, "198.51.100.99", new Date(now.getTime() + 86_400_000))).toMatchObject({ ok: true });
  });

  it(`lets one visitor ask for at most ${ALERT_MAILS_PER_CLIENT_PER_HOUR} confirmation mails an hour`, async () => {
    for (let i = 0; i < ALERT_MAILS_PER_CLIENT_PER_HOUR; i++) {
      expect(await post(`victim${i}@example.com`, WORDS, "192.0.2.7")).toMatchObject({ ok: true });
    }
    const refused = await post("victim-next@example.com", WORDS, "192.0.2.7");
    expect(refused).toMatchObject({ ok: false, message: expect.stringMatching(/^Too many alerts have been asked for from your connection\. Please try again in /) });
    expect(await database.db.select({ n: count() }).from(emailOutbox)).toEqual([{ n: ALERT_MAILS_PER_CLIENT_PER_HOUR }]);
    // The refused address was not charged either: its owner can still ask from elsewhere.
    expect(await post("victim-next@example.com", WORDS, "192.0.2.8")).toMatchObject({ ok: true });
    expect(await post("victim-next@example.com", WORDS, "192.0.2.7", new Date(now.getTime() + 3_600_000))).toMatchObject({ ok: true });
  });

  it(`holds at most ${ALERTS_PER_ADDRESS} confirmed alerts per address`, async () => {
    await database.db
      .insert(searchAlerts)
      .values(Array.from({ length: ALERTS_PER_ADDRESS }, (_, i) => ({ email: "busy@example.com", query: `word${i}`, confirmedAt: now })));
    const refused = await post("busy@example.com", WORDS, "192.0.2.20");
    expect(refused).toMatchObject({ ok: false, errors: { email: ALERT_ADDRESS_FULL } });
    expect(await database.db.select({ n: count() }).from(emailOutbox)).toEqual([{ n: 0 }]);
    // Nothing was counted for the refusal.
    expect(await database.db.select({ n: count() }).from(rateLimitHits)).toEqual([{ n: 0 }]);
    // An alert already there may still get a new link (it is not an eleventh).
    expect(await post("busy@example.com", "word3", "192.0.2.20")).toMatchObject({ ok: true });
  });
});

describe("confirming", () => {
  it("shows a button on opening the link, starts the alert on its post, and works once", async () => {
    await subscribe({ email: "parent@example.com", q: `${WORDS} orlando` });
    const [mail] = await delivered();
    const token = confirmTokenIn(mail);

    const opened = await call(confirmRoute.loader, getRequest(`/alerts/confirm?token=${token}`), services);
    expect(opened.status).toBe(200);
    expect(opened.data).toEqual({ token, link: { kind: "valid", search: '"encanto" near Orlando, FL' } });
    // Opening the link (a mail scanner) starts nothing.
    expect((await alertRows())[0].confirmedAt).toBeNull();

    const pressed = await call(confirmRoute.action, postAlert({ token }, "/alerts/confirm"), services);
    expect(pressed.data).toEqual({ kind: "confirmed", search: '"encanto" near Orlando, FL' });
    const [row] = await alertRows();
    expect(row.confirmedAt).not.toBeNull();
    expect(row.confirmTokenHash).toBeNull();

    const again = await call(confirmRoute.action, postAlert({ token }, "/alerts/confirm"), services);
    expect(again).toMatchObject({ status: 400, data: { kind: "invalid" } });
    expect((await call(confirmRoute.loader, getRequest(`/alerts/confirm?token=${token}`), services)).data).toMatchObject({ link: { kind: "invalid" } });
  });

  it(`refuses a link older than ${ALERT_CONFIRM_DAYS} days, and a made-up one`, async () => {
    await subscribe({ email: "parent@example.com", q: WORDS });
    const token = confirmTokenIn((await delivered())[0]);
    const later = new Date(Date.now() + (ALERT_CONFIRM_DAYS * 24 + 1) * 3_600_000);
    expect(await confirmAlert(database.db, token, later)).toEqual({ kind: "invalid" });
    expect(await confirmAlert(database.db, "x".repeat(43))).toEqual({ kind: "invalid" });
    expect(await confirmAlert(database.db, "'; drop table search_alerts; --")).toEqual({ kind: "invalid" });
    expect(await database.db.select({ n: count() }).from(searchAlerts).where(isNotNull(searchAlerts.confirmedAt))).toEqual([{ n: 0 }]);
  });

  it("removes alerts never confirmed once their link expired, and keeps the confirmed ones", async () => {
    await confirmedAlert("kept@example.com");
    await subscribe({ email: "stranger@example.com", q: WORDS });
    const early = await removeExpiredAlerts(services, new Date(Date.now() + 3_600_000));
    expect(early.unconfirmed).toBe(0);
    const late = await removeExpiredAlerts(services, new Date(Date.now() + (ALERT_CONFIRM_DAYS * 24 + 1) * 3_600_000));
    expect(late.unconfirmed).toBe(1);
    expect((await alertRows()).map((r) => r.email)).toEqual(["kept@example.com"]);
  });
});

describe("the job", () => {
  it("mails one message per new performer, never the same performer twice, and nothing to unconfirmed alerts", async () => {
    const now = new Date();
    await confirmedAlert("parent@example.com");
    await subscribe({ email: "stranger@example.com", q: `${WORDS} orlando` }, "203.0.113.50");
    await delivered();

    expect(await checkSearchAlerts(services, { now })).toEqual({ checked: 1, mailed: 0 });
    const first = await addPerformer(database.db, { displayName: "Madrigal Family Magic", characters: ["Encanto Girl"], state: "FL", city: "Tampa", travelRadius: "long_distance" });
    // Checked a moment ago: it rests until the recheck interval has passed.
    expect(await checkSearchAlerts(services, { now: new Date(now.getTime() + 60_000) })).toEqual({ checked: 0, mailed: 0 });

    const next = new Date(now.getTime() + ALERT_RECHECK_MS + 1000);
    expect(await checkSearchAlerts(services, { now: next })).toEqual({ checked: 1, mailed: 1 });
    const mails = await delivered();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.to).toEqual(["parent@example.com"]);
    expect(mail.subject).toBe('New on CostumeCast: Madrigal Family Magic, for "encanto" near Orlando, FL');
    expect(mail.text).toContain(`${PUBLIC_URL}/profile/${first}`);
    expect(mail.text).toContain(`${PUBLIC_URL}/search?q=encanto+orlando`);
    expect(mail.listUnsubscribe).toBe(`<${unsubscribeUrlIn(mail)}>`);
    expect(mail.listUnsubscribePost).toBe("List-Unsubscribe=One-Click");

    // Nothing new: nothing sent, however often it runs.
    expect(await checkSearchAlerts(services, { now: new Date(next.getTime() + ALERT_RECHECK_MS + 1000) })).toEqual({ checked: 1, mailed: 0 });
    const second = await addPerformer(database.db, { displayName: "Casita Party Crew", characters: ["Encanto Boy"], state: "FL", city: "Orlando" });
    expect(await checkSearchAlerts(services, { now: new Date(next.getTime() + 2 * (ALERT_RECHECK_MS + 1000)) })).toEqual({ checked: 1, mailed: 1 });
    const again = await delivered();
    expect(again.map((m) => m.subject)).toEqual(['New on CostumeCast: Casita Party Crew, for "encanto" near Orlando, FL']);
    expect(again[0].text).toContain(`/profile/${second}`);

    const recorded = await database.db.select({ profileId: searchAlertMatches.profileId }).from(searchAlertMatches);
    expect(recorded.map((r) => r.profileId).sort()).toEqual([first, second].sort());
    // The stranger's address, never confirmed, got nothing but its one confirmation mail.
    const toStranger = await database.db.select({ subject: emailOutbox.subject }).from(emailOutbox).where(eq(emailOutbox.toAddress, "stranger@example.com"));
    expect(toStranger.map((m) => m.subject)).toEqual(["Confirm your CostumeCast email alert"]);
  });

  it("never mails a performer the search does not list for that place", async () => {
    const now = new Date();
    await confirmedAlert("parent@example.com");
    // An encanto performer in Seattle who stays local, and a princess in Orlando: neither is a match.
    await addPerformer(database.db, { displayName: "Far Away Casita", characters: ["Encanto Girl"], state: "WA", city: "Seattle" });
    await addPerformer(database.db, { displayName: "Orlando Princess", characters: ["Ice Queen"], state: "FL", city: "Orlando" });
    expect(await checkSearchAlerts(services, { now: new Date(now.getTime() + ALERT_RECHECK_MS + 1000) })).toEqual({ checked: 1, mailed: 0 });
  });

  it("mails a near performer who plays the part even when few are near, and never the kindred ones a page adds", async () => {
    const now = new Date();
    await confirmedAlert("elsa-fan@example.com", "elsa orlando");
    // One ice queen near Orlando: the page widens to the area's princesses; the alert does not.
    const iceQueen = await addPerformer(database.db, { displayName: "Orlando Snow Show", characters: ["Ice Queen"], state: "FL", city: "Orlando" });
    await addPerformer(database.db, { displayName: "Orlando Tea Party Royals", characters: ["Fairy-Tale Princess"], state: "FL", city: "Orlando" });
    expect(await checkSearchAlerts(services, { now: new Date(now.getTime() + ALERT_RECHECK_MS + 1000) })).toEqual({ checked: 1, mailed: 1 });
    const mails = (await delivered()).filter((m) => m.to.includes("elsa-fan@example.com"));
    expect(mails.map((m) => m.subject)).toEqual(['New on CostumeCast: Orlando Snow Show, for "elsa" near Orlando, FL']);
    expect(mails[0].text).toContain(`/profile/${iceQueen}`);
  });

  it(`mails one alert at most ${MATCH_MAILS_PER_DAY} performers a day; the rest follow on later days`, async () => {
    const now = new Date();
    await confirmedAlert("parent@example.com");
    for (let i = 0; i < MATCH_MAILS_PER_DAY + 2; i++) {
      await addPerformer(database.db, { displayName: `Casita ${i}`, characters: ["Encanto Girl"], state: "FL", city: "Orlando" });
    }
    const first = await checkSearchAlerts(services, { now: new Date(now.getTime() + ALERT_RECHECK_MS + 1000) });
    expect(first.mailed).toBe(MATCH_MAILS_PER_DAY);
    const nextDay = await checkSearchAlerts(services, { now: new Date(now.getTime() + 86_400_000 + ALERT_RECHECK_MS) });
    expect(nextDay.mailed).toBe(2);
  });
});

describe("unsubscribing", () => {
  async function alertMail(email: string): Promise<CapturedMail> {
    const now = new Date();
    await confirmedAlert(email);
    await addPerformer(database.db, { displayName: "Madrigal Family Magic", characters: ["Encanto Girl"], state: "FL", city: "Orlando" });
    await checkSearchAlerts(services, { now: new Date(now.getTime() + ALERT_RECHECK_MS + 1000) });
    const [mail] = await delivered();
    return mail;
  }

  it("by the link: opening it shows a button, and the button's post stops the alert", async () => {
    const url = new URL(unsubscribeUrlIn(await alertMail("parent@example.com")));
    const opened = await call(unsubscribeRoute.loader, getRequest(`${url.pathname}${url.search}`), services);
    expect(opened.data).toMatchObject({ link: { kind: "valid", search: '"encanto" near Orlando, FL' } });
    expect(await alertRows()).toHaveLength(1);

    // The page's form posts the token (to the same address).
    const pressed = await call(unsubscribeRoute.action, postAlert({ token: url.searchParams.get("token")! }, "/alerts/unsubscribe"), services);
    expect(pressed).toMatchObject({ status: 200, data: { outcome: "done" } });
    expect(await alertRows()).toHaveLength(0);
    expect(await database.db.select({ n: count() }).from(searchAlertMatches)).toEqual([{ n: 0 }]);
    // Opened again, the page says it is done.
    expect((await call(unsubscribeRoute.loader, getRequest(`${url.pathname}${url.search}`), services)).data).toMatchObject({ link: { kind: "gone" } });
  });

  it("by the mail program's one-click post (List-Unsubscribe-Post)", async () => {
    const mail = await alertMail("parent@example.com");
    const target = /^<(.+)>$/.exec(mail.listUnsubscribe ?? "")![1];
    // RFC 8058: a POST of "List-Unsubscribe=One-Click" to the header's address, no cookie, no Origin.
    const request = new Request(target, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    const answer = await call(unsubscribeRoute.action, request, services);
    expect(answer.status).toBe(200);
    expect(await alertRows()).toHaveLength(0);
  });

  it("refuses a token we did not sign, and another alert's id under it", async () => {
    await alertMail("parent@example.com");
    const [row] = await alertRows();
    for (const token of ["nonsense", `${row.id}.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA`, `${row.id}`]) {
      const answer = await call(unsubscribeRoute.action, postAlert({ token }, "/alerts/unsubscribe"), services);
      expect(answer).toMatchObject({ status: 400, data: { outcome: "invalid" } });
    }
    expect(await alertRows()).toHaveLength(1);
  });
});
