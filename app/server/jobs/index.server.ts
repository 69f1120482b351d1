import type { AppServices } from "../services.server";
import type { Job } from "./scheduler.server";

/** The background jobs every app process runs. */
export function appJobs(services: AppServices): Job[] {
  void services;
  return [];
}
