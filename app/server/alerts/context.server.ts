import type { AppConfig } from "../platform/config.server";
import type { Executor } from "../db/client.server";
import type { Logger } from "../platform/logger.server";

/** What the search alerts need of the app's services (tests hand in the same). */
export interface AlertContext {
  db: Executor;
  config: Pick<AppConfig, "publicUrl" | "siteName" | "authSecret">;
  logger?: Logger;
}
