import { eq } from "drizzle-orm";
import type { Executor } from "../db/client.server";
import { searchAlerts } from "../db/schema";
import { describeAlert } from "./alert-search.server";
import { readUnsubscribeToken } from "./tokens.server";

// The link at the foot of every alert mail, and the same address in its List-Unsubscribe header.
// Opening it shows a button (a link preview must not unsubscribe anyone by looking); the button's
// post, or a mail program's one-click post (RFC 8058), deletes the alert.

export type UnsubscribeView =
  | { kind: "valid"; search: string }
  /** Signed by us, but the alert is gone already (unsubscribed before). */
  | { kind: "gone" }
  | { kind: "invalid" };

export async function readUnsubscribeLink(db: Executor, secret: string, token: string): Promise<UnsubscribeView> {
  const id = readUnsubscribeToken(secret, token);
  if (!id) return { kind: "invalid" };
  const [row] = await db
    .select({ query: searchAlerts.query, placeLabel: searchAlerts.placeLabel, state: searchAlerts.state })
    .from(searchAlerts)
    .where(eq(searchAlerts.id, id));
  return row ? { kind: "valid", search: describeAlert(row) } : { kind: "gone" };
}

/** Deletes the alert the token names (with what it has mailed about); the same answer when it was gone already. */
export async function unsubscribeAlert(db: Executor, secret: string, token: string): Promise<"done" | "invalid"> {
  const id = readUnsubscribeToken(secret, token);
  if (!id) return "invalid";
  await db.delete(searchAlerts).where(eq(searchAlerts.id, id));
  return "done";
}
