import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { precompressAssets, reactRouterProductionBuild } from "./vite.plugins.ts";

// Small modules most pages use (layout, form parts, formatting, shared lists). Left to automatic
// splitting they become a dozen files of a few hundred bytes each, and every file is compressed on
// its own: one file of them is about 4 KB smaller gzipped than the same code in a dozen. Modules
// that pull in Zod, or that load on demand (WelcomeDialog, ErrorPage), stay out.
const SHARED = /\/app\/(components\/(ui\/(Alert|Button|Field|StateSelect|cx|useFieldErrors)|layout\/(?!WelcomeDialog|ErrorPage)[\w-]+|profile\/ResponsiveImage)|lib\/(constants|format|meta|us-state-names|inquiry-fields))\./;

export default defineConfig({
  plugins: [tailwindcss(), reactRouterProductionBuild(), reactRouter(), precompressAssets()],
  resolve: { tsconfigPaths: true },
  build: {
    target: "es2022",
    // No preload lists beside dynamic imports: what the on-demand chunks (sonner, Zod schemas, the
    // welcome dialog) depend on is already loaded with the page, so the lists were bytes for nothing.
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // React, React DOM and the router: one long-cached file, changed only by an upgrade.
            { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 20 },
            { name: "app-shared", test: (id: string) => SHARED.test(id), priority: 10 },
          ],
        },
      },
    },
  },
});
