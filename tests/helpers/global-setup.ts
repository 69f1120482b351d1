import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { createPglite, openDatabase } from "~/server/db/client.server";

declare module "vitest" {
  export interface ProvidedContext {
    pgliteSnapshot: string;
    pgTemplate: string | null;
  }
}

// Migrate once per run; every test file then starts from a copy of the migrated database.
export default async function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cc-vitest-"));
  const snapshot = path.join(dir, "migrated.tar.gz");
  const client = await createPglite();
  const database = await openDatabase({ pglite: client });
  const blob = await client.dumpDataDir("gzip");
  fs.writeFileSync(snapshot, Buffer.from(await blob.arrayBuffer()));
  await database.close();
  project.provide("pgliteSnapshot", snapshot);

  const url = process.env.TEST_DATABASE_URL;
  let template: string | null = null;
  if (url) {
    template = `cc_tmpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${template}`);
    await admin.end();
    const templateUrl = new URL(url);
    templateUrl.pathname = `/${template}`;
    const migrated = await openDatabase({ databaseUrl: templateUrl.toString(), poolMax: 1 });
    await migrated.close();
  }
  project.provide("pgTemplate", template);

  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    if (url && template) {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    }
  };
}
