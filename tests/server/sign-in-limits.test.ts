import { like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as forgotRoute from "~/routes/forgot-password";
import * as resetRoute from "~/routes/reset-password";
import { rateLimitHits } from "~/server/db/schema";
import { call, cookieFrom, createAccount, postRequest } from "./accounts-fixtures";
import {
  api as apiOf,
  awayFromWindowEdge,
  FIFTEEN_MINUTES,
  from as fromOf,
  mailsTo as mailsToOf,
  MINUTE,
  signInPage as signInPageOf,
  useAuthHttpApp,
} from "./auth-http-fixtures";

// Guessing a performer's password must not lock the performer out. Through the real app (createApp,
// trusting one proxy hop, each client naming its address in X-Forwarded-For) and the sign-in page
// called from a given address: the machines that guess are held back, the account never is; a
// reset starts the account's counts again; the owner hears about a burst once a day; the page and
// /api/auth share one per-minute count; an IPv6 visitor is their whole /64.

const harness = useAuthHttpApp();

const api = (path: string, address: string, body?: Record<string, unknown>) => apiOf(harness, path, address, body);
const signInPage = (address: string, email: string, password: string) => signInPageOf(harness, address, email, password);
const mailsTo = (address: string, subject: string) => mailsToOf(harness, address, subject);
const TOO_MANY = "Too many attempts. Please wait a few minutes and try again.";
const BURST_SUBJECT = "Failed sign-in attempts on your CostumeCast account";

/** The per-minute counters' window ends, as it would a minute later (the longer windows go on). */
async function aMinuteLater() {
  await harness.database.db.delete(rateLimitHits).where(like(rateLimitHits.key, "%:minute:%"));
}

/** A wrong password for `email` from `address`, on the page for even addresses, at /api/auth for odd ones. */
async function guess(address: string, email: string, attempt: number): Promise<"refused" | "wrong"> {
  const viaPage = Number(address.split(".").at(-1)) % 2 === 0;
  const status = viaPage
    ? (await signInPage(address, email, `guess-${attempt}`)).status
    : (await api("/sign-in/email", address, { email, password: `guess-${attempt}` })).status;
  expect([viaPage ? 400 : 401, 429]).toContain(status);
  return status === 429 ? "refused" : "wrong";
}

/** One wrong password from each of `addresses` in turn, `rounds` times: 10 × 10 is the finding's 100. */
async function spreadGuesses(addresses: string[], email: string, rounds: number): Promise<("refused" | "wrong")[]> {
  const outcomes: ("refused" | "wrong")[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const address of addresses) outcomes.push(await guess(address, email, round));
  }
  return outcomes;
}

const range = (prefix: string, from: number, count: number) => Array.from({ length: count }, (_, i) => `${prefix}${from + i}`);

async function signsIn(address: string, email: string, password: string) {
  const page = await signInPage(address, email, password);
  expect(page.status).toBe(302);
  expect(page.headers.getSetCookie().some((c) => c.includes("session_token="))).toBe(true);
}

describe(`sign-in limits (${process.env.TEST_DATABASE_URL ? "postgres" : "pglite"})`, () => {
  it("100 wrong passwords from 10 addresses never lock the owner out; the guessers are refused, again and again", async () => {
    const email = "besieged@example.com";
    await createAccount(harness.services, email, "owners-password");
    const guessers = range("203.0.113.", 100, 10);
    await awayFromWindowEdge(FIFTEEN_MINUTES, 2 * MINUTE);

    const outcomes = await spreadGuesses(guessers, email, 10);

    // The owner, from an address that has not been failing, signs in with the right password.
    await signsIn("198.51.100.70", email, "owners-password");
    expect((await api("/sign-in/email", "198.51.100.71", { email, password: "owners-password" })).status).toBe(200);

    // Twenty failures put the account under a burst: from then on each guessing address has three
    // tries on it, so the last seven rounds were refused before any password was checked.
    expect(outcomes.slice(0, 30).every((o) => o === "wrong")).toBe(true);
    expect(outcomes.slice(30).every((o) => o === "refused")).toBe(true);

    // A minute on, the guessers are still refused on this account, even with the right password.
    await aMinuteLater();
    for (const address of guessers) {
      const page = await signInPage(address, email, "owners-password");
      expect(page.status, address).toBe(429);
      expect((page.data as { message: string }).message).toBe(TOO_MANY);
    }
    expect((await api("/sign-in/email", guessers[1], { email, password: "owners-password" })).status).toBe(429);

    // A second wave from ten more addresses locks nothing either.
    await aMinuteLater();
    await spreadGuesses(range("203.0.113.", 120, 10), email, 10);
    await signsIn("198.51.100.72", email, "owners-password");
  }, 240_000);

  it("tells the owner about a burst of wrong passwords once a day, in words of our own", async () => {
    const email = "warned@example.com";
    await createAccount(harness.services, email, "owners-password");
    await awayFromWindowEdge(FIFTEEN_MINUTES, MINUTE);
    await spreadGuesses(range("203.0.113.", 140, 10), email, 2);
    const [mail, ...more] = await mailsTo(email, BURST_SUBJECT);
    expect(more).toHaveLength(0);
    expect(mail.textBody).toContain("trying many wrong passwords");
    expect(mail.textBody).toContain("http://localhost:5173/forgot-password");
    // Nothing a guesser typed reaches the owner: no guessed password, no address.
    expect(mail.textBody).not.toContain("guess-");
    expect(mail.textBody).not.toContain("203.0.113.");
    expect(mail.htmlBody ?? "").not.toContain("guess-");

    // More failures the same day send nothing more.
    await aMinuteLater();
    await spreadGuesses(range("203.0.113.", 160, 10), email, 1);
    expect(await mailsTo(email, BURST_SUBJECT)).toHaveLength(1);

    // Many wrong passwords for an address without an account mail nobody.
    await spreadGuesses(range("203.0.113.", 180, 10), "no-account-here@example.com", 2);
    expect(await mailsTo("no-account-here@example.com", BURST_SUBJECT)).toHaveLength(0);
  }, 240_000);

  it("a password reset lifts the lock the owner's own failures put on their address", async () => {
    const email = "forgot-it@example.com";
    const home = "198.51.100.80";
    await createAccount(harness.services, email, "old-password");
    await awayFromWindowEdge(FIFTEEN_MINUTES, 30_000);
    for (let i = 0; i < 10; i++) expect(await guess(home, email, i)).toBe("wrong");
    await aMinuteLater();
    expect((await signInPage(home, email, "old-password")).status).toBe(429);

    await call(forgotRoute.action, postRequest("/forgot-password", { email }), fromOf(harness, home));
    const [mail] = await mailsTo(email, "Reset");
    const link = new URL(mail.textBody.match(/https?:\/\/\S+reset-password\?\S+/)![0]);
    const token = link.searchParams.get("token")!;
    const done = await call(
      resetRoute.action,
      postRequest(`${link.pathname}${link.search}`, { token, password: "new-password", confirmPassword: "new-password" }),
      fromOf(harness, home),
    );
    expect(done.location).toBe("/signin");
    await signsIn(home, email, "new-password");
  }, 240_000);

  it("counts sign-ins on the page and at /api/auth against one per-minute share per address", async () => {
    const email = "busy@example.com";
    await createAccount(harness.services, email, "right-password");
    const address = "203.0.113.200";
    await awayFromWindowEdge(MINUTE, 15_000);
    // Ten right passwords on the page in a minute...
    for (let i = 0; i < 10; i++) await signsIn(address, email, "right-password");
    // ...and /api/auth says the minute's share is used.
    const viaApi = await api("/sign-in/email", address, { email, password: "right-password" });
    expect(viaApi.status).toBe(429);
    expect(viaApi.headers.get("Set-Cookie") ?? "").not.toContain("session_token");

    // The other way round: ten at /api/auth, then the page.
    const other = "203.0.113.201";
    await awayFromWindowEdge(MINUTE, 15_000);
    for (let i = 0; i < 10; i++) expect((await api("/sign-in/email", other, { email, password: "right-password" })).status).toBe(200);
    const page = await signInPage(other, email, "right-password");
    expect(page.status).toBe(429);
    expect((page.data as { message: string }).message).toBe(TOO_MANY);
    expect(page.headers.get("Set-Cookie") ?? "").not.toContain("session_token");

    await signsIn("198.51.100.200", email, "right-password");
    await aMinuteLater();
    await signsIn(address, email, "right-password");
  }, 240_000);

  it("treats the addresses of one IPv6 /64 as one visitor, on the page and at /api/auth", async () => {
    const email = "ipv6@example.com";
    await createAccount(harness.services, email, "right-password");
    // Ten sign-ins, each from a different address of one /64, half of them on the page.
    await awayFromWindowEdge(MINUTE, 15_000);
    for (let i = 0; i < 10; i++) {
      const address = `2001:db8:1:2::${(i + 1).toString(16)}`;
      if (i % 2 === 0) await signsIn(address, email, "right-password");
      else expect((await api("/sign-in/email", address, { email, password: "right-password" })).status).toBe(200);
    }
    expect((await api("/sign-in/email", "2001:db8:1:2:ffff:ffff:ffff:fffe", { email, password: "right-password" })).status).toBe(429);
    expect((await signInPage("2001:db8:1:2:abcd::9", email, "right-password")).status).toBe(429);
    expect((await api("/sign-in/email", "2001:db8:1:3::1", { email, password: "right-password" })).status).toBe(200);

    // Wrong passwords spread over one /64 add up as one guesser's.
    await aMinuteLater();
    const target = "ipv6-target@example.com";
    await createAccount(harness.services, target, "owners-password");
    await awayFromWindowEdge(FIFTEEN_MINUTES, 30_000);
    await awayFromWindowEdge(MINUTE, 15_000);
    for (let i = 0; i < 10; i++) {
      const status = (await api("/sign-in/email", `2001:db8:5:6:${i + 1}::1`, { email: target, password: `guess-${i}` })).status;
      expect(status).toBe(401);
    }
    await aMinuteLater();
    const fromSameNetwork = await api("/sign-in/email", "2001:db8:5:6:ffff::2", { email: target, password: "owners-password" });
    expect(fromSameNetwork.status).toBe(429);
    const fromAnother = await api("/sign-in/email", "2001:db8:5:7::2", { email: target, password: "owners-password" });
    expect(fromAnother.status).toBe(200);
    expect(cookieFrom(fromAnother.headers)).toContain("session_token=");
  }, 240_000);
});
