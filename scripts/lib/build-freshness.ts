import fs from "node:fs";
import path from "node:path";

// Whether a production build is older than what it was built from: `npm run demo` and
// `npm run test:e2e` build only then. (CI's server tests build the app for the server processes
// they start; the browser tests then use that build instead of making a second one.)

const ROOT = path.resolve(import.meta.dirname, "..", "..");
/** Sources whose change makes an existing build stale. */
const SOURCES = ["app", "public", "vite.config.ts", "vite.plugins.ts", "react-router.config.ts", "package.json", "tsconfig.json"];

function newestMtime(target: string): number {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Whether `buildDir` holds no finished build, or one older than a source it was built from. */
export function buildIsStale(buildDir: string): boolean {
  const entry = path.join(buildDir, "server", "index.js");
  if (!fs.existsSync(entry)) return true;
  const built = fs.statSync(entry).mtimeMs;
  return SOURCES.some((source) => newestMtime(path.join(ROOT, source)) > built);
}
