import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueCaptcha } from "~/server/inquiries/captcha.server";
import { openDatabase } from "~/server/db/client.server";
import { INQUIRY_LIMITS } from "~/server/inquiries/inquiries.server";
import { startAppServer, type RunningServer } from "../helpers/app-server";
import { onceAcrossEngines, postgresUrl } from "../helpers/db";
import { PRODUCTION_ENV, useProductionServer } from "../helpers/production-server";
import { createRelayedDatabase } from "../helpers/relayed-database";
import { addPerformer } from "./search-fixtures";

// The HTTP edge of the real production server (server.ts on a production build, as an operator
// runs it): body limits, proxy trust, security headers, the cross-site refusal, private caching
// of account pages and the 503 during a database outage.

const PERFORMER = "edge-performer";
const EMAIL = "edge-owner@example.com";
const PASSWORD = "correct-horse-battery";

const baseEnv = { ...PRODUCTION_ENV, LOG_LEVEL: "warn", JOBS: "off" };
const { tempDir } = useProductionServer("cc-edge-");

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A request over its own connection, its body sent as given: with a Content-Length, or chunked
 * (no length at all) when `chunked` is set. An answer that comes before the whole body was
 * accepted is still read.
 */
function send(
  port: number,
  method: string,
  requestPath: string,
  options: { headers?: Record<string, string>; body?: string | Buffer; chunked?: boolean } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { ...options.headers };
    const body = options.body === undefined ? undefined : Buffer.from(options.body);
    if (body && !options.chunked) headers["Content-Length"] = String(body.length);
    const request = http.request({ host: "127.0.0.1", port, method, path: requestPath, headers, agent: false }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
    });
    // The server closes a connection whose body it refused; a client still sending may see the
    // reset before it reads the answer, which reads as status 0.
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EPIPE" || error.code === "ECONNRESET") resolve({ status: 0, headers: {}, body: "" });
      else reject(error);
    });
    if (body && options.chunked) {
      // Several chunks, so the limit is met while streaming rather than in one piece.
      const step = 16 * 1024;
      for (let offset = 0; offset < body.length; offset += step) request.write(body.subarray(offset, offset + step));
      request.end();
    } else {
      request.end(body);
    }
  });
}

function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

const FORM = { "Content-Type": "application/x-www-form-urlencoded" };
const JSON_BODY = { "Content-Type": "application/json" };

/** An inquiry that passes the form's rules; its captcha is not a real one (see solvedInquiry). */
function inquiry(overrides: Record<string, string> = {}): string {
  return form({
    name: "Dana Planner",
    email: "dana@example.org",
    phone: "+1 (407) 555-0100",
    city: "Orlando",
    state: "FL",
    zip: "32801",
    message: "Could you appear at my daughter's birthday party?",
    eventDate: "",
    captchaAnswer: "3",
    captchaToken: "not-a-real-question",
    ...overrides,
  });
}

/** An inquiry with its math question answered, which is delivered unless a limit refuses it. */
function solvedInquiry(): string {
  const captcha = issueCaptcha(PRODUCTION_ENV.BETTER_AUTH_SECRET);
  return inquiry({ captchaAnswer: String(captcha.a + captcha.b), captchaToken: captcha.token });
}

const RATE_LIMITED = "Too many messages have been sent";

// Its server runs on an embedded PGlite of its own, whichever run this is.
onceAcrossEngines(() => describe("the production server's HTTP edge", { timeout: 120_000 }, () => {
  let server: RunningServer;
  let cookie: string;

  beforeAll(async () => {
    // One public performer to write to, stored before the server takes the data folder.
    const dataDir = tempDir();
    const database = await openDatabase({ dataDir });
    await addPerformer(database.db, { id: PERFORMER });
    await database.close();
    // The test client plays the load balancer: one trusted hop, which appends the address it saw.
    server = await startAppServer({ ...baseEnv, DATA_DIR: dataDir, TRUST_PROXY: "1" }, { timeoutMs: 100_000 });

    const signUp = await send(server.port, "POST", "/api/auth/sign-up/email", {
      headers: JSON_BODY,
      body: JSON.stringify({ email: EMAIL, password: PASSWORD, name: "" }),
    });
    expect(signUp.status).toBe(200);
    const signIn = await send(server.port, "POST", "/api/auth/sign-in/email", {
      headers: JSON_BODY,
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    });
    expect(signIn.status).toBe(200);
    cookie = (signIn.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
    expect(cookie).toMatch(/session_token=/);
  }, 150_000);

  afterAll(async () => {
    await server?.stop();
  });

  describe("request bodies", () => {
    const oversized = "x".repeat(200 * 1024);
    const targets: { name: string; path: string; headers: Record<string, string>; body: string }[] = [
      { name: "the inquiry action", path: `/profile/${PERFORMER}`, headers: FORM, body: inquiry({ message: oversized }) },
      {
        name: "better-auth's sign-in",
        path: "/api/auth/sign-in/email",
        headers: JSON_BODY,
        body: JSON.stringify({ email: EMAIL, password: oversized }),
      },
      { name: "the sign-in page's action", path: "/signin", headers: FORM, body: form({ email: EMAIL, password: oversized }) },
    ];

    for (const target of targets) {
      it(`refuses an oversized body to ${target.name} with 413, by its length and while streaming`, async () => {
        const declared = await send(server.port, "POST", target.path, { headers: target.headers, body: target.body });
        expect(declared.status).toBe(413);
        const streamed = await send(server.port, "POST", target.path, { headers: target.headers, body: target.body, chunked: true });
        expect(streamed.status).toBe(413);
      });
    }

    it("still serves pages after a burst of oversized posts", async () => {
      const huge = Buffer.alloc(8 * 1024 * 1024, "y");
      await Promise.all(
        Array.from({ length: 8 }, () => send(server.port, "POST", `/profile/${PERFORMER}`, { headers: FORM, body: huge, chunked: true })),
      ).then((answers) => {
        // Refused at 64 KB each: with 8 MB still coming, a client may meet the closed connection before the 413.
        for (const answer of answers) expect([413, 0]).toContain(answer.status);
      });
      const page = await send(server.port, "GET", "/about");
      expect(page.status).toBe(200);
    });

    it("passes a body within the limit on, streamed or not", async () => {
      const wrong = JSON.stringify({ email: EMAIL, password: "not-the-password" });
      const declared = await send(server.port, "POST", "/api/auth/sign-in/email", { headers: JSON_BODY, body: wrong });
      expect(declared.status).toBe(401);
      const streamed = await send(server.port, "POST", "/api/auth/sign-in/email", { headers: JSON_BODY, body: wrong, chunked: true });
      expect(streamed.status).toBe(401);
      const page = await send(server.port, "POST", "/signin", {
        headers: FORM,
        body: form({ email: EMAIL, password: "not-the-password" }),
        chunked: true,
      });
      // The action ran: it answers the wrong password.
      expect(page.status).toBe(400);
      expect(page.body).toContain("Failed to sign in. Please check your credentials.");
    });
  });

  describe("proxy trust", () => {
    it("limits inquiries by the address the trusted proxy saw, whatever the client wrote before it", async () => {
      // Only delivered messages count, and one visitor may send one performer only a few a day.
      const { limit } = INQUIRY_LIMITS.perProfilePerClient;
      const answers: string[] = [];
      for (let i = 0; i <= limit; i++) {
        const answer = await send(server.port, "POST", `/profile/${PERFORMER}`, {
          headers: { ...FORM, "X-Forwarded-For": `10.9.${i}.1, 198.51.100.${i + 1}, 203.0.113.50` },
          body: solvedInquiry(),
        });
        expect(answer.status).toBe(200);
        answers.push(answer.body);
      }
      expect(answers.slice(0, limit).every((body) => body.includes("Message sent successfully!"))).toBe(true);
      expect(answers[limit]).toContain(RATE_LIMITED);

      // Another visitor behind the same proxy has a limit of their own.
      const other = await send(server.port, "POST", `/profile/${PERFORMER}`, {
        headers: { ...FORM, "X-Forwarded-For": "203.0.113.51" },
        body: solvedInquiry(),
      });
      expect(other.body).not.toContain(RATE_LIMITED);
    });
  });

  describe("security headers", () => {
    it("allows only the page's own scripts, by a nonce that changes with every response", async () => {
      const first = await send(server.port, "GET", "/");
      const second = await send(server.port, "GET", "/");
      const policy = String(first.headers["content-security-policy"]);
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      expect(nonce).toBeTruthy();
      expect(policy).toContain(`script-src 'self' 'nonce-${nonce}'`);
      expect(second.headers["content-security-policy"]).not.toContain(nonce);

      const scripts = [...first.body.matchAll(/<script\b([^>]*)>/g)].map((m) => m[1]);
      const executable = scripts.filter((attributes) => !attributes.includes('type="application/ld+json"'));
      expect(executable.length).toBeGreaterThan(0);
      for (const attributes of executable) expect(attributes).toContain(`nonce="${nonce}"`);
    });

    it("sends the rest of the policy and the other headers", async () => {
      const page = await send(server.port, "GET", "/about");
      const policy = String(page.headers["content-security-policy"]);
      expect(policy).toContain("default-src 'self'");
      expect(policy).toContain("img-src 'self' data:");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).toContain("form-action 'self'");
      expect(policy).toContain("object-src 'none'");
      expect(policy).not.toContain("unsafe-eval");
      expect(page.headers["permissions-policy"]).toContain("camera=()");
      expect(page.headers["permissions-policy"]).toContain("geolocation=()");
      expect(page.headers["x-frame-options"]).toBe("DENY");
      expect(page.headers["x-content-type-options"]).toBe("nosniff");
      expect(page.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      // PUBLIC_URL is plain http here.
      expect(page.headers["strict-transport-security"]).toBeUndefined();
    });

    it("sends no policy with a 304, so the kept page and its nonce stay together", async () => {
      const page = await send(server.port, "GET", "/");
      const etag = String(page.headers.etag);
      expect(etag).toMatch(/^W\//);
      const again = await send(server.port, "GET", "/", { headers: { "If-None-Match": etag } });
      expect(again.status).toBe(304);
      expect(again.headers["content-security-policy"]).toBeUndefined();
    });
  });

  describe("cross-site requests", () => {
    it("refuses a sign-out posted from another site and keeps the session", async () => {
      const refused = await send(server.port, "POST", "/signout", { headers: { Cookie: cookie, Origin: "https://evil.example" } });
      expect(refused.status).toBe(403);
      const dashboard = await send(server.port, "GET", "/dashboard", { headers: { Cookie: cookie } });
      expect(dashboard.status).toBe(200);
    });

    it("refuses an upload from another site, by Origin or, without one, by Sec-Fetch-Site", async () => {
      const byOrigin = await send(server.port, "POST", "/dashboard/manage-images/upload", {
        headers: { Cookie: cookie, Origin: "http://127.0.0.1:1", "Content-Type": "multipart/form-data; boundary=x" },
        body: "--x--\r\n",
      });
      expect(byOrigin.status).toBe(403);
      const byFetchSite = await send(server.port, "POST", "/dashboard/manage-images/upload", {
        headers: { Cookie: cookie, "Sec-Fetch-Site": "cross-site", "Content-Type": "multipart/form-data; boundary=x" },
        body: "--x--\r\n",
      });
      expect(byFetchSite.status).toBe(403);
      const sameSiteSibling = await send(server.port, "POST", "/dashboard/manage-images/upload", {
        headers: { Cookie: cookie, "Sec-Fetch-Site": "same-site", "Content-Type": "multipart/form-data; boundary=x" },
        body: "--x--\r\n",
      });
      expect(sameSiteSibling.status).toBe(403);
    });

    it("refuses cross-site posts to page actions and better-auth alike", async () => {
      const origin = { Origin: "https://evil.example" };
      expect((await send(server.port, "POST", `/profile/${PERFORMER}`, { headers: { ...FORM, ...origin }, body: inquiry() })).status).toBe(403);
      const signIn = JSON.stringify({ email: EMAIL, password: PASSWORD });
      expect((await send(server.port, "POST", "/api/auth/sign-in/email", { headers: { ...JSON_BODY, ...origin }, body: signIn })).status).toBe(
        403,
      );
    });

    it("lets the site's own posts and Stripe's webhook through", async () => {
      const own = await send(server.port, "POST", "/signin", {
        headers: { ...FORM, Origin: server.url, "Sec-Fetch-Site": "same-origin" },
        body: form({ email: EMAIL, password: "not-the-password" }),
      });
      expect(own.status).toBe(400);
      expect(own.body).toContain("Failed to sign in. Please check your credentials.");
      // Payments are off here, so the webhook's handler answers 503: it ran, it was not refused.
      const webhook = await send(server.port, "POST", "/api/stripe/webhook", {
        headers: { ...JSON_BODY, Origin: "https://stripe.example" },
        body: "{}",
      });
      expect(webhook.status).toBe(503);
      // Reading is never refused.
      expect((await send(server.port, "GET", "/about", { headers: { "Sec-Fetch-Site": "cross-site" } })).status).toBe(200);
    });
  });

  describe("caching of account pages", () => {
    it("marks every signed-in dashboard page private, no-store", async () => {
      for (const page of ["/dashboard", "/dashboard/edit-profile", "/dashboard/manage-images", "/dashboard/subscription", "/dashboard/preview", "/dashboard/calendar"]) {
        const answer = await send(server.port, "GET", page, { headers: { Cookie: cookie } });
        expect(answer.status, page).toBeLessThan(500);
        expect(answer.headers["cache-control"], page).toBe("private, no-store");
      }
      const data = await send(server.port, "GET", "/dashboard.data", { headers: { Cookie: cookie } });
      expect(data.headers["cache-control"]).toBe("private, no-store");
    });
  });

  describe("health", () => {
    it("answers alive and ready", async () => {
      expect((await send(server.port, "GET", "/livez")).status).toBe(200);
      const ready = await send(server.port, "GET", "/readyz");
      expect(ready.status).toBe(200);
      expect(JSON.parse(ready.body)).toEqual({ status: "ok", database: "pglite" });
    });
  });
}));

/**
 * Waits for the work a server starts by itself (the home page's tile counts, server.ts) to end. A
 * cut made while one of its queries is in flight leaves that query holding a connection until the
 * 15 s query limit, past the shutdown's 4.5 s, and the test would time the warm-up, not the outage
 * (on a loaded machine the warm-up was still running when the database was cut, and the server
 * then exited 1 on SIGTERM).
 */
async function startUpWorkDone(server: RunningServer) {
  const deadline = Date.now() + 60_000;
  while (!/tile counts (?:not )?warmed/.test(server.output())) {
    if (Date.now() > deadline) throw new Error(`the server never finished warming its tile counts:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// PostgreSQL only (TEST_DATABASE_URL, which CI sets): an embedded database cannot be cut off from its process.
if (postgresUrl()) {
  describe("a database outage on PostgreSQL", { timeout: 120_000 }, () => {
    it("answers pages with 503 and Retry-After, says not ready, and recovers when the database is back", async () => {
      const database = await createRelayedDatabase(postgresUrl()!, "cc_edge");
      // A minute of page cache, so the copy kept before the cut is surely still there during it.
      const server = await startAppServer(
        { ...baseEnv, LOG_LEVEL: "info", DATA_DIR: tempDir(), DATABASE_URL: database.url, PAGE_CACHE_SECONDS: "60" },
        { timeoutMs: 100_000 },
      );
      try {
        await startUpWorkDone(server);
        expect((await send(server.port, "GET", "/browse")).status).toBe(200);

        await database.relay.cut();
        // A page this process has kept is still served as it was; the others cannot be made.
        expect((await send(server.port, "GET", "/browse")).status).toBe(200);
        for (const page of ["/browse/TX", "/", `/profile/${PERFORMER}`, "/browse.data"]) {
          const answer = await send(server.port, "GET", page);
          expect(answer.status, page).toBe(503);
          expect(answer.headers["retry-after"], page).toBe("30");
          expect(answer.headers["cache-control"], page).toBe("no-store");
        }
        const page = await send(server.port, "GET", "/browse/TX");
        expect(page.headers["content-type"]).toMatch(/^text\/html/);
        expect(page.body).toContain("briefly unavailable");
        // The spec's words for a list of performers that could not be read.
        expect(page.body).toContain("<h1>Failed to load profiles</h1>");
        expect((await send(server.port, "GET", "/categories/Hero")).body).toContain("<h1>Failed to load profiles</h1>");
        expect((await send(server.port, "GET", "/")).body).toContain("<h1>Failed to fetch profiles</h1>");
        expect((await send(server.port, "GET", `/profile/${PERFORMER}`)).body).toContain("<h1>We&#39;ll be right back</h1>");
        const ready = await send(server.port, "GET", "/readyz");
        expect(ready.status).toBe(503);
        expect(ready.headers["retry-after"]).toBe("30");
        expect((await send(server.port, "GET", "/livez")).status).toBe(200);
        // The sign-in API too: a 503 a client can wait out, in JSON, not a bare 500.
        const signIn = () =>
          send(server.port, "POST", "/api/auth/sign-in/email", {
            headers: { "Content-Type": "application/json", Origin: server.url },
            body: JSON.stringify({ email: "nobody-here@example.com", password: PASSWORD }),
          });
        const refusedSignIn = await signIn();
        expect(refusedSignIn.status).toBe(503);
        expect(refusedSignIn.headers["retry-after"]).toBe("30");
        expect(refusedSignIn.headers["content-type"]).toMatch(/^application\/json/);

        await database.relay.restore();
        expect((await send(server.port, "GET", "/readyz")).status).toBe(200);
        expect((await send(server.port, "GET", "/browse")).status).toBe(200);
        // better-auth's own answer again: no such account.
        expect((await signIn()).status).toBe(401);
      } finally {
        if (process.env.EDGE_DEBUG) console.log(server.output());
        expect(await server.stop()).toBe(0);
        await database.close();
      }
    });

    it("answers 503 within seconds when the database goes silent (a network partition) instead of holding the request", async () => {
      const database = await createRelayedDatabase(postgresUrl()!, "cc_edge_stall");
      const server = await startAppServer(
        { ...baseEnv, LOG_LEVEL: "info", DATA_DIR: tempDir(), DATABASE_URL: database.url, PAGE_CACHE_SECONDS: "0" },
        { timeoutMs: 100_000 },
      );
      try {
        await startUpWorkDone(server);
        expect((await send(server.port, "GET", "/browse")).status).toBe(200);
        await database.relay.cut("stall");
        const started = Date.now();
        const answer = await send(server.port, "GET", "/browse/TX");
        const waited = Date.now() - started;
        expect(answer.status).toBe(503);
        expect(answer.headers["retry-after"]).toBe("30");
        // The server's 15 s query limit (5 s for a new connection), not the client's patience.
        expect(waited).toBeLessThan(20_000);

        await database.relay.restore();
        const deadline = Date.now() + 10_000;
        let status = 0;
        while (status !== 200 && Date.now() < deadline) {
          status = (await send(server.port, "GET", "/browse/TX")).status;
          if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
        }
        expect(status).toBe(200);
      } finally {
        expect(await server.stop()).toBe(0);
        await database.close();
      }
    });
  });
}
