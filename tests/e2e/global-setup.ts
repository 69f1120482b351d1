import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "~/server/db/client.server";
import { SANDBOX_DEFAULTS, startStripeSandbox } from "../../scripts/stripe-sandbox/server";
import { startAppServer } from "../helpers/app-server";
import { freePort } from "../helpers/free-port";
import { startSmtpSink } from "../helpers/smtp-sink";
import { seedE2E } from "./seed";
import { DEMO_SERVER, seedDemoServer } from "./seed/demo-server";

// One production server for the whole run: a throw-away data folder, mail to a real SMTP server on
// loopback whose messages land in E2E_MAIL_DIR for the tests to read, and Stripe payments against
// the Stripe-shaped sandbox on loopback (E2E_STRIPE_URL), whose signed events reach the app's webhook.
export default async function globalSetup() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "cc-e2e-"));
  const dataDir = path.join(root, "data");
  const mailDir = path.join(root, "mail");
  const smtp = await startSmtpSink({ dir: mailDir });

  const database = await openDatabase({ dataDir });
  await database.close();
  // The demo-mode server's database starts as a copy of the freshly migrated one: one migration
  // for the two servers.
  const demoDataDir = path.join(root, "demo-data");
  fs.cpSync(dataDir, demoDataDir, { recursive: true });
  const demoPort = await freePort();
  const seeded = await openDatabase({ dataDir });
  await seedE2E({ db: seeded.db, mediaDir: path.join(dataDir, "media") });
  await seeded.close();
  const demoDatabase = await openDatabase({ dataDir: demoDataDir });
  await seedDemoServer(demoDatabase.db, `http://127.0.0.1:${demoPort}`, demoDataDir);
  await demoDatabase.close();

  // The app's port is chosen first so the sandbox knows where to send events from the start.
  const port = await freePort();
  const stripe = await startStripeSandbox({
    host: "127.0.0.1",
    secretKey: SANDBOX_DEFAULTS.secretKey,
    webhookSecret: SANDBOX_DEFAULTS.webhookSecret,
    prices: [{ id: SANDBOX_DEFAULTS.priceId, unitAmount: 2900, nickname: "Yearly Membership" }],
    webhookUrl: `http://127.0.0.1:${port}/api/stripe/webhook`,
  });

  // Started beside the main server (tests/e2e/seed/demo-server.ts says what it is for).
  const demoStarting = startAppServer(
    {
      NODE_ENV: "production",
      DEMO_MODE: "true",
      PAYMENTS: "demo",
      BETTER_AUTH_SECRET: DEMO_SERVER.secret,
      DATA_DIR: demoDataDir,
      PORT: String(demoPort),
      SMTP_URL: "",
      PUSH_POLL_MS: "250",
      LOG_LEVEL: "warn",
    },
    { timeoutMs: 240_000 },
  );
  // Its failure is reported once the main server is up (below), not as an unhandled rejection.
  demoStarting.catch(() => undefined);
  const server = await startAppServer({
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
    PAYMENTS: "stripe",
    STRIPE_API_URL: stripe.url,
    STRIPE_SECRET_KEY: SANDBOX_DEFAULTS.secretKey,
    STRIPE_WEBHOOK_SECRET: SANDBOX_DEFAULTS.webhookSecret,
    STRIPE_PRICE_ID: SANDBOX_DEFAULTS.priceId,
    SMTP_URL: smtp.url,
    MAIL_POLL_MS: "250",
    INSIGHTS_FLUSH_MS: "200",
    ADMIN_EMAIL: "admin-inbox@example.com",
    LOG_LEVEL: "warn",
    // Behind "one load balancer": each test names its own visitor address (fixtures.ts).
    TRUST_PROXY: "1",
  }, { timeoutMs: 120_000 }).catch(async (error: unknown) => {
    await demoStarting.then((demo) => demo.stop()).catch(() => undefined);
    await stripe.stop();
    await smtp.close();
    throw error;
  });
  const demo = await demoStarting.catch(async (error: unknown) => {
    await server.stop();
    await stripe.stop();
    await smtp.close();
    throw error;
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_STRIPE_URL = stripe.url;
  process.env.E2E_DEMO_URL = demo.url;

  return async () => {
    await demo.stop();
    await server.stop();
    await stripe.stop();
    await smtp.close();
    fs.rmSync(root, { recursive: true, force: true });
  };
}
