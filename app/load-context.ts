import type { AppServices } from "./server/services.server";

declare module "react-router" {
  // Loaders and actions receive the process's services as `context`.
  interface AppLoadContext extends AppServices {
    /** The visitor's IP address as the HTTP server saw it (absent outside a real request). */
    clientIp?: string;
  }
}

export {};
