import { and, eq, sql } from "drizzle-orm";
import { charactersFromApplication } from "~/lib/characters";
import type { Executor } from "../db/client.server";
import { freeListingRequests, profiles } from "../db/schema";
import { refreshSearchDocument } from "../profiles/search-document.server";

// A free-listing application asks "Which characters do you perform?". When it is approved and the
// free year reaches an account (at approval, or when the applicant signs up later), the answer
// becomes the profile's character list, so the new listing is found by what parents search for
// before the performer has opened the editor. It never overwrites a list the performer wrote.

/**
 * Fills the account's profile characters from an approved application, in the caller's
 * transaction. The profile row is created when the account has none yet (as a grant itself does),
 * so the editor opens with the list already there. Returns whether anything was written.
 */
export async function fillCharactersFromApplication(tx: Executor, userId: string, requestId: string): Promise<boolean> {
  const [request] = await tx
    .select({ characters: freeListingRequests.characters })
    .from(freeListingRequests)
    .where(and(eq(freeListingRequests.id, requestId), eq(freeListingRequests.status, "approved")));
  const characters = charactersFromApplication(request?.characters);
  if (characters.length === 0) return false;
  const filled = await tx
    .insert(profiles)
    .values({ id: userId, characters })
    .onConflictDoUpdate({ target: profiles.id, set: { characters }, setWhere: sql`cardinality(${profiles.characters}) = 0` })
    .returning({ id: profiles.id });
  if (filled.length === 0) return false;
  await refreshSearchDocument(tx, userId);
  return true;
}
