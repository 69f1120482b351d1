import { execFileSync } from "node:child_process";
import path from "node:path";
import { buildIsStale } from "./lib/build-freshness";

// `npm run test:e2e`'s first step: the production build, unless the one in BUILD_DIR (default
// `build`) is newer than every source.

const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
if (buildIsStale(buildDir)) {
  execFileSync(process.execPath, [path.resolve("node_modules/@react-router/dev/bin.js"), "build"], {
    env: { ...process.env, NODE_ENV: "production" },
    stdio: "inherit",
  });
} else {
  console.log(`${path.relative(process.cwd(), buildDir) || buildDir} is newer than every source: using it as built.`);
}
