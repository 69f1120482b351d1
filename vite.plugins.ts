import { promisify } from "node:util";
import fs from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";
import type { Plugin } from "vite";

/**
 * react-router's package.json points every import at its development build, whose dev-only
 * warnings stay in production bundles (remix-run/react-router#14102). The package also ships a
 * production build of the same version; the browser bundle uses that. The server keeps the
 * package's own resolution so the server runtime and the app share one copy of the router.
 */
export function reactRouterProductionBuild(): Plugin {
  const development = "/node_modules/react-router/dist/development/";
  return {
    name: "costumecast:react-router-production-build",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    async resolveId(source, importer, options) {
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      if (!resolved || !resolved.id.includes(development)) return resolved;
      return { ...resolved, id: resolved.id.replace(development, "/node_modules/react-router/dist/production/") };
    },
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
/** Text files worth compressing; images and fonts in assets/ are compressed already. */
const COMPRESSIBLE = /\.(js|css|svg|json|txt)$/;
/**
 * Below this, the encoding headers cost about as much as they save. (The live compressor skips
 * anything under 1 KB, so a small chunk without a copy here is sent as it is: a 500-byte route
 * chunk goes as 300.)
 */
const MIN_BYTES = 256;

/**
 * Writes a .br (quality 11) and a .gz (level 9) beside every compressible file the client build
 * emits under assets/. Hashed assets never change, so they are compressed once, at the strongest
 * settings, instead of on every request at the fast settings a live compressor must use; the
 * server sends these files as they are (app/server/http/precompressed-assets.server.ts).
 */
export function precompressAssets(): Plugin {
  return {
    name: "costumecast:precompress-assets",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) return;
      const files = Object.keys(bundle).filter((name) => name.startsWith("assets/") && COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const source = await fs.readFile(file);
          if (source.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([fs.writeFile(`${file}.br`, br), fs.writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}
