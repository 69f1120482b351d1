import { searchAlerts } from "~/server/db/schema";
import { unsubscribeToken } from "~/server/alerts/tokens.server";
import type { E2ESeedContext } from "./index";

// For tests/e2e/search-alerts.spec.ts: a confirmed alert whose unsubscribe page the journey opens
// (the job that would mail its link runs every few minutes, too slowly for a test to wait for).

/** BETTER_AUTH_SECRET of the e2e server (tests/e2e/global-setup.ts): the unsubscribe link is signed with it. */
const E2E_AUTH_SECRET = "e2e-secret-e2e-secret-e2e-secret-e2e-secret";

export const SEARCH_ALERT_FIXTURE = {
  id: "5a1e7700-0000-4000-8000-00000000e001",
  /** A retry's own copy: a first attempt may have unsubscribed the first before it failed. */
  retryId: "5a1e7700-0000-4000-8000-00000000e002",
  email: "alert-owner@example.com",
  query: "quillowhisk 32801",
  placeLabel: "Orlando, FL",
};

export function seededUnsubscribePath(retry: number): string {
  const id = retry === 0 ? SEARCH_ALERT_FIXTURE.id : SEARCH_ALERT_FIXTURE.retryId;
  return `/alerts/unsubscribe?token=${unsubscribeToken(E2E_AUTH_SECRET, id)}`;
}

export async function seedSearchAlerts({ db }: E2ESeedContext) {
  const { id, retryId, email, query, placeLabel } = SEARCH_ALERT_FIXTURE;
  await db.insert(searchAlerts).values([
    { id, email, query, placeLabel, confirmedAt: new Date() },
    { id: retryId, email: `retry-${email}`, query, placeLabel, confirmedAt: new Date() },
  ]);
}
