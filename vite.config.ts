import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * react-router's package.json points every import at its development build, whose dev-only
 * warnings stay in production bundles (remix-run/react-router#14102). The package also ships a
 * production build of the same version; the browser bundle uses that. The server keeps the
 * package's own resolution so the server runtime and the app share one copy of the router.
 */
function reactRouterProductionBuild(): Plugin {
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

const SHARED = /\/app\/(components\/(ui\/(Alert|Button|Field|cx)|layout\/(?!WelcomeDialog|ErrorPage)[\w-]+|profile\/ResponsiveImage)|lib\/(constants|format|meta|us-state-names|inquiry-fields))\./;

export default defineConfig({
  plugins: [tailwindcss(), reactRouterProductionBuild(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: {
    target: "es2022",
    modulePreload: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/, priority: 20 },
            { name: "app-shared", test: (id: string) => SHARED.test(id), priority: 10 },
          ],
        },
      },
    },
  },
});
