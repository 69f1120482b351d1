import { sql } from "drizzle-orm";
import type { Executor } from "../db/client.server";
import { rowsOf } from "./rows.server";

// A typed word is also matched as the start of longer ones ("prin" finds "princess": expand.server.ts).
// For the text index a prefix is costly: it collects every row of every word it begins before
// anything else narrows them ("princess" near Orlando at 1,000,000 profiles: 50 ms in the index
// against 6 ms for the word itself), where a plain word is intersected with the other conditions
// as it is read. When no word performers use extends the typed one, the two find the same
// performers, and the word is searched as it is.
//
// The vocabulary (search_terms) holds every word ever written in a profile's search text
// (search-document.server.ts adds them and nothing removes them), so "no word extends it" there
// holds for every profile. Words are compared by their stems, as the text index keeps them
// ("princesses" is "princess"); a stem's last letters may differ from its word's ("fairy" is
// "fairi"), so candidates are the words sharing the stem's first letters but two.

/** Stems shorter than this keep their prefix match: their candidates' first letters would be too few for the trigram index. */
const SHORTEST_STEM = 5;

/**
 * Of `words` (plain [a-z0-9]+ tokens), those no longer word of the vocabulary begins: searching
 * them as typed finds exactly what searching them as a prefix does.
 */
export async function wholeWords(db: Executor, words: readonly string[]): Promise<Set<string>> {
  const candidates = [...new Set(words)].filter((w) => w.length >= SHORTEST_STEM && !/^\d+$/.test(w));
  if (candidates.length === 0) return new Set();
  const list = sql.join(
    candidates.map((w) => sql`${w}`),
    sql`, `,
  );
  const rows = rowsOf<{ word: string }>(
    await db.execute(sql`
      select w.word
      from unnest(array[${list}]::text[]) as w(word)
      cross join lateral (select array_agg(lexeme) as lexemes from unnest(to_tsvector('english', w.word))) as own
      where cardinality(own.lexemes) = 1 and length(own.lexemes[1]) >= ${SHORTEST_STEM}
        and not exists (
          select 1 from search_terms t, unnest(to_tsvector('english', t.term)) as other
          where t.term like left(own.lexemes[1], length(own.lexemes[1]) - 2) || '%'
            and other.lexeme like own.lexemes[1] || '%' and other.lexeme <> own.lexemes[1])`),
  );
  return new Set(rows.map((r) => r.word));
}
