import type { AppConfig } from "../platform/config.server";
import { createLocalStorage } from "./local.server";
import type { Storage } from "./storage.server";

export async function createStorage(config: AppConfig["storage"]): Promise<Storage> {
  if (config.driver === "local") return createLocalStorage(config.root, config.publicBaseUrl);
  const { createS3Storage } = await import("./s3.server");
  return createS3Storage(config);
}

export type { Storage } from "./storage.server";
