import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

// Prints how much JavaScript (gzipped) a browser downloads when a page first loads: the client
// entry, the root route, the page's route module and everything they import statically, plus React
// Router's route manifest. Dynamic imports (loaded later, on demand) are listed apart.
//
//   npm run measure:js                      build into build-measure-js, then measure
//   BUILD_DIR=build-x npm run measure:js    measure an existing build made with a kept manifest

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type ViteManifest = Record<string, ManifestChunk>;

const ROUTES: { label: string; module: string }[] = [
  { label: "profile (/profile/:id)", module: "app/routes/profile.tsx" },
  { label: "home (/)", module: "app/routes/home.tsx" },
  { label: "browse (/browse)", module: "app/routes/browse.tsx" },
];
const BUDGET_BYTES = 120 * 1024;

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build-measure-js");
const clientDir = path.join(buildDir, "client");
const manifestPath = path.join(clientDir, ".vite", "manifest.json");

if (!fs.existsSync(manifestPath)) {
  if (process.env.BUILD_DIR && fs.existsSync(buildDir)) {
    console.error(`${manifestPath} is missing: that build was made without a kept manifest. Rebuilding it.`);
  }
  console.error(`Building into ${path.relative(process.cwd(), buildDir)} ...`);
  execFileSync("npx", ["react-router", "build", ".", "--config", "scripts/measure-js.vite.config.ts", "--logLevel", "warn"], {
    stdio: "inherit",
    env: { ...process.env, BUILD_DIR: buildDir },
  });
}

const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8")) as ViteManifest;
const gzipCache = new Map<string, number>();

function gzipSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(fs.readFileSync(path.join(clientDir, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

/** The manifest key of a route module (React Router builds the browser's copy under a query suffix). */
function routeKey(module: string): string {
  const key = Object.keys(manifest).find((k) => k === module || k.startsWith(`${module}?`));
  if (!key) throw new Error(`${module} is not in ${manifestPath}`);
  return key;
}

/** The chunk keys a page loads up front from these starting points (static imports only). */
function staticClosure(starts: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...starts];
  while (stack.length > 0) {
    const key = stack.pop()!;
    if (seen.has(key)) continue;
    if (!manifest[key]) throw new Error(`${key} is not in ${manifestPath}`);
    seen.add(key);
    stack.push(...(manifest[key].imports ?? []));
  }
  return seen;
}

function dynamicOnly(loaded: Set<string>): Set<string> {
  const lazy = new Set<string>();
  for (const key of loaded) {
    for (const target of manifest[key].dynamicImports ?? []) {
      for (const k of staticClosure([target])) if (!loaded.has(k)) lazy.add(k);
    }
  }
  return lazy;
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && /entry\.client\.[jt]sx?$/.test(key));
if (!entryKey) throw new Error("No client entry found in the manifest");
// React Router's route manifest is a separate script every page loads; it is not a Vite chunk.
const routeManifestFile = fs
  .readdirSync(path.join(clientDir, "assets"))
  .find((name) => /^manifest-[\w-]+\.js$/.test(name));
const routeManifestBytes = routeManifestFile ? gzipSize(`assets/${routeManifestFile}`) : 0;

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(6)} KB`;

for (const route of ROUTES) {
  const loaded = staticClosure([entryKey, routeKey("app/root.tsx"), routeKey(route.module)]);
  const rows = [...loaded].map((key) => ({ file: manifest[key].file, bytes: gzipSize(manifest[key].file) }));
  rows.push({ file: `assets/${routeManifestFile ?? "manifest-?.js"} (React Router route manifest)`, bytes: routeManifestBytes });
  rows.sort((a, b) => b.bytes - a.bytes);
  const total = rows.reduce((sum, row) => sum + row.bytes, 0);
  const verdict = total <= BUDGET_BYTES ? "within" : "OVER";
  console.log(`\n${route.label}: ${kb(total).trim()} gzipped at page load (${verdict} the 120 KB budget)`);
  for (const row of rows) console.log(`  ${kb(row.bytes)}  ${row.file}`);
  const lazy = [...dynamicOnly(loaded)].map((key) => ({ file: manifest[key].file, bytes: gzipSize(manifest[key].file) }));
  if (lazy.length > 0) {
    const lazyTotal = lazy.reduce((sum, row) => sum + row.bytes, 0);
    console.log(`  loaded later, on demand: ${kb(lazyTotal).trim()}`);
    for (const row of lazy.sort((a, b) => b.bytes - a.bytes)) console.log(`  ${kb(row.bytes)}  ${row.file} (dynamic)`);
  }
}
