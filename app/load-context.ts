import type { AppServices } from "./server/services.server";

declare module "react-router" {
  // Loaders and actions receive the process's services as `context`.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends AppServices {}
}

export {};
