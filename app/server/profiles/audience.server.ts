import { and, eq, inArray } from "drizzle-orm";
import type { Audience } from "~/lib/audience";
import { noCategoryLeftMessage, reconcileAudience } from "~/lib/audience-rules";
import type { Executor } from "../db/client.server";
import { profileCategories, profiles } from "../db/schema";
import { refreshSearchDocument } from "./search-document.server";

// The dashboard's "Who are your shows for?", asked once of a performer whose profile has no answer
// (older profiles whose fields could not tell, migration 0017). The answer is saved with the same
// rules the editor applies: the categories it refuses come off and the flags follow it.

export type AudienceAnswerResult =
  | { status: "saved"; audience: Audience; removed: string[] }
  | { status: "invalid"; message: string }
  | { status: "no-profile" };

/**
 * Saves the performer's answer in one transaction (the profile row locked, so an editor save at the
 * same moment cannot interleave). An answer that would leave the profile without any category is
 * refused with nothing written: only the editor can choose new categories.
 */
export async function saveAudienceAnswer(db: Executor, profileId: string, audience: Audience): Promise<AudienceAnswerResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ adultThemesOk: profiles.adultThemesOk })
      .from(profiles)
      .where(eq(profiles.id, profileId))
      .for("update");
    if (!row) return { status: "no-profile" } as const;
    const held = await tx.select({ category: profileCategories.category }).from(profileCategories).where(eq(profileCategories.profileId, profileId));
    const categories = held.map((c) => c.category);
    const result = reconcileAudience({ audience, categories, adultThemesOk: row.adultThemesOk });
    if (categories.length > 0 && result.categories.length === 0) {
      return { status: "invalid", message: noCategoryLeftMessage(audience, result.removed) } as const;
    }
    await tx
      .update(profiles)
      .set({ audience, ...result.flags })
      .where(eq(profiles.id, profileId));
    if (result.removed.length > 0) {
      await tx
        .delete(profileCategories)
        .where(and(eq(profileCategories.profileId, profileId), inArray(profileCategories.category, result.removed)));
      // The categories are words of the search document.
      await refreshSearchDocument(tx, profileId);
    }
    return { status: "saved", audience, removed: result.removed } as const;
  });
}
