import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { grantAdmin } from "~/server/auth/accounts.server";
import { openDatabase, type Database } from "~/server/db/client.server";
import { emailOutbox, user, userRoles } from "~/server/db/schema";
import { enqueueEmail } from "~/server/mail/outbox.server";
import { clonePostgresDatabase, createTestDatabase, postgresUrl, type TestDatabase } from "../helpers/db";

const engine = process.env.TEST_DATABASE_URL ? "postgres" : "pglite";

describe(`grantAdmin (${engine})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await database.db.insert(user).values({ id: "u-1", name: "", email: "someone@example.com" });
  });
  afterAll(async () => {
    await database?.close();
  });

  it("grants once, ignores case, and refuses unknown addresses", async () => {
    expect(await grantAdmin(database.db, "nobody@example.com")).toBe("no-account");
    expect(await grantAdmin(database.db, " Someone@Example.com ")).toBe("granted");
    expect(await grantAdmin(database.db, "someone@example.com")).toBe("already-admin");
    const roles = await database.db.select().from(userRoles).where(eq(userRoles.userId, "u-1"));
    expect(roles.map((r) => r.role)).toEqual(["admin"]);
  });
});

/** A database of its own that the script (another process) can open: a data folder or a Postgres database. */
async function scratchDatabase(): Promise<{ env: Record<string, string>; open: () => Promise<Database>; drop: () => Promise<void> }> {
  if (postgresUrl() && inject("pgTemplate")) {
    const clone = await clonePostgresDatabase("cc_operator");
    return {
      env: { DATABASE_URL: clone.url },
      open: () => openDatabase({ databaseUrl: clone.url, poolMax: 2, migrate: false }),
      drop: () => clone.drop(),
    };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-makeadmin-"));
  return {
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir }),
    async drop() {
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function runScript(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  // Only the scratch database's variable: an inherited DATABASE_URL or DATA_DIR must not win.
  const base = { ...process.env };
  delete base.DATABASE_URL;
  delete base.DATA_DIR;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.resolve("node_modules/tsx/dist/cli.mjs"), script, ...args], {
      env: { ...base, LOG_LEVEL: "silent", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("exit", (code) => resolve({ code, output }));
  });
}

describe(`npm run make-admin (${engine})`, () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  beforeAll(async () => {
    scratch = await scratchDatabase();
    const database = await scratch.open();
    await database.db.insert(user).values({ id: "u-cli", name: "", email: "owner@example.com" });
    await database.close();
  });
  afterAll(async () => {
    await scratch?.drop();
  });

  // Each run starts a process and opens the database, which takes a while on a busy machine.
  const SLOW = 120_000;

  it("prints usage without an address", { timeout: SLOW }, async () => {
    const result = await runScript("scripts/make-admin.ts", [], scratch.env);
    expect(result.code).toBe(2);
    expect(result.output).toContain("Usage: npm run make-admin -- someone@example.com");
  });

  it("explains itself when there is no such account, then grants the role to an existing one", { timeout: SLOW * 2 }, async () => {
    const missing = await runScript("scripts/make-admin.ts", ["ghost@example.com"], scratch.env);
    expect(missing.code).toBe(1);
    expect(missing.output).toContain("No account uses ghost@example.com");

    const granted = await runScript("scripts/make-admin.ts", ["--", "Owner@Example.com"], scratch.env);
    expect(granted.output).toContain("is now an admin");
    expect(granted.code).toBe(0);

    const database = await scratch.open();
    try {
      const roles = await database.db.select().from(userRoles);
      expect(roles.map((r) => [r.userId, r.role])).toEqual([["u-cli", "admin"]]);
    } finally {
      await database.close();
    }
  });
});

describe(`npm run mail:retry-failed (${engine})`, () => {
  let scratch: Awaited<ReturnType<typeof scratchDatabase>>;
  beforeAll(async () => {
    scratch = await scratchDatabase();
  });
  afterAll(async () => {
    await scratch?.drop();
  });

  it("queues mail that failed for good again, and says how many", { timeout: 240_000 }, async () => {
    let database = await scratch.open();
    try {
      const id = await enqueueEmail(database.db, { to: "bounced@example.com", subject: "Welcome", text: "x" });
      await database.db.update(emailOutbox).set({ status: "failed", attempts: 9, lastError: "421 down" }).where(eq(emailOutbox.id, id));
    } finally {
      await database.close();
    }

    const first = await runScript("scripts/mail-retry-failed.ts", [], scratch.env);
    expect(first.output).toContain("1 failed email queued again");
    expect(first.code).toBe(0);
    database = await scratch.open();
    try {
      const rows = await database.db.select({ status: emailOutbox.status, attempts: emailOutbox.attempts }).from(emailOutbox);
      expect(rows).toEqual([{ status: "pending", attempts: 0 }]);
    } finally {
      await database.close();
    }

    const second = await runScript("scripts/mail-retry-failed.ts", [], scratch.env);
    expect(second.output).toContain("No failed emails; nothing changed.");
    expect(second.code).toBe(0);
  });
});
