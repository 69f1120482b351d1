import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openDatabase } from "~/server/db/client.server";
import { startAppServer } from "../helpers/app-server";
import { startSmtpSink } from "../helpers/smtp-sink";
import { seedE2E } from "./seed";

// One production server for the whole run: a throw-away data folder, demo payments, mail to a
// real SMTP server on loopback whose messages land in E2E_MAIL_DIR for the tests to read.
export default async function globalSetup() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "cc-e2e-"));
  const dataDir = path.join(root, "data");
  const mailDir = path.join(root, "mail");
  const smtp = await startSmtpSink({ dir: mailDir });

  const database = await openDatabase({ dataDir });
  await seedE2E({ db: database.db, mediaDir: path.join(dataDir, "media") });
  await database.close();

  const server = await startAppServer({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    BETTER_AUTH_SECRET: "e2e-secret-e2e-secret-e2e-secret-e2e-secret",
    PAYMENTS: "demo",
    SMTP_URL: smtp.url,
    MAIL_POLL_MS: "250",
    ADMIN_EMAIL: "admin-inbox@example.com",
    LOG_LEVEL: "warn",
  });
  process.env.E2E_BASE_URL = server.url;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    await server.stop();
    await smtp.close();
    fs.rmSync(root, { recursive: true, force: true });
  };
}
