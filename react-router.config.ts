import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Separate build folders let several checkouts or test runs build side by side.
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
