import { sql } from "drizzle-orm";
import type { Executor } from "../db/client.server";

// Keeps `profiles.search_text` (and through it the generated tsvector) and the `search_terms`
// vocabulary in step with a profile's name, characters, bio and categories. The characters also
// count on their own with weight B in the generated vector (schema.ts); they are in the text too so
// that their words join the vocabulary misspellings are corrected against.
//
// Where a performer is based (city and state) is not in the document: the search reads place names
// as places (search/places.server.ts) and finds who travels there from the coordinates, so a word of
// a town's name must not make a performer a text match ("santa" is not everyone in Santa Ana). The
// city's words still join the vocabulary, so a misspelt town is corrected to it.

// Slashes become spaces: the English parser reads "Anime/Manga" as one file-path token, which
// would hide both words from a search for "anime".
function documentExpression() {
  return sql`translate(concat_ws(' ',
      p.display_name, array_to_string(p.characters, ' '), p.bio,
      (select string_agg(pc.category, ' ' order by pc.category) from profile_categories pc where pc.profile_id = p.id)), '/', ' ')`;
}

async function addTerms(tx: Executor, where: ReturnType<typeof sql>) {
  // Words of 3+ letters become the vocabulary that misspelt query words are corrected against.
  await tx.execute(sql`
    insert into search_terms (term)
    select distinct word
    from profiles p, regexp_split_to_table(lower(concat_ws(' ', p.search_text, p.city)), '[^a-z0-9]+') as word
    where ${where} and length(word) >= 3 and length(word) <= 40
    on conflict do nothing`);
}

/** Rewrites one profile's search document. Call it in the transaction that changed the profile. */
export async function refreshSearchDocument(tx: Executor, profileId: string): Promise<void> {
  await tx.execute(sql`update profiles p set search_text = ${documentExpression()} where p.id = ${profileId}`);
  await addTerms(tx, sql`p.id = ${profileId}`);
}

/** Rewrites every profile's search document (demo data, bulk imports, benchmarks). */
export async function refreshAllSearchDocuments(tx: Executor): Promise<void> {
  await tx.execute(sql`update profiles p set search_text = ${documentExpression()}`);
  await addTerms(tx, sql`true`);
}
