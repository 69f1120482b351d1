import type { AppServices } from "./server/platform/services.server";

declare module "react-router" {
  // Loaders and actions receive the process's services as `context`.
  interface AppLoadContext extends AppServices {
    /** The visitor's IP address as the HTTP server saw it (absent outside a real request). */
    clientIp?: string;
    /** The Content-Security-Policy nonce of this response, for the page's inline scripts. */
    cspNonce?: string;
    /**
     * Told of every error a loader or action throws (by entry.server.tsx's handleError), so the
     * HTTP layer can answer 503 when the database was unreachable. A callback because the page
     * build and the server are bundled apart and share no module state. `expected` means the HTTP
     * layer accounts for it (an outage, logged once there), so it is not logged as a bug.
     */
    noteError?: (error: unknown) => { expected: boolean };
    /**
     * Called by an action once a write that may change a public page went through (a profile saved,
     * an image added, an admin's approval): this process's page cache is emptied before the answer
     * leaves. A refused or failed post calls nothing, so cheap posts cannot keep the cache cold.
     */
    pagesChanged?: () => void;
  }
}

export {};
