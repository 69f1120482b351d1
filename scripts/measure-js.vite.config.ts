import { fileURLToPath } from "node:url";
import { defineConfig, mergeConfig } from "vite";
import base from "../vite.config.ts";

// The app's own Vite config with the client manifest kept, so scripts/measure-js.ts can read which
// chunks each route loads. Used only by that script; the production build does not ship the manifest.
export default mergeConfig(base, defineConfig({ root: fileURLToPath(new URL("..", import.meta.url)), build: { manifest: true } }));
