import { sql } from "drizzle-orm";
import type { Executor } from "../db/client.server";
import { rowsOf } from "./rows.server";

// Spelling correction: a misspelt word is replaced by the closest term of the search vocabulary
// (the search_terms table), found with pg_trgm and confirmed by edit distance.

/** Edit distance counting a swap of neighbours as one edit ("anmie" -> "anime" is 1). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

function allowedEdits(word: string): number {
  if (word.length <= 4) return 1;
  if (word.length <= 7) return 2;
  return 3;
}

const CORRECTION_CANDIDATES = 200;
// Low on purpose: "anmie" shares only 20% of its trigrams with "anime". The edit distance decides.
const CORRECTION_SIMILARITY = "0.15";

/**
 * Maps each word the vocabulary does not know (not even as the start of a word) to the closest
 * known term within a few edits. Words of 3 letters or fewer and numbers are left alone.
 *
 * `known` adds words the site understands without any performer using them (the dictionary's
 * "princess", a city nobody is based in yet): they are never corrected, and a misspelling may be
 * corrected to them. At the same distance such a word wins over a performer's word, since it was
 * chosen on purpose ("elza" is Elsa, not "eliza").
 */
export async function correctWords(db: Executor, words: string[], known: ReadonlySet<string> = new Set()): Promise<Map<string, string>> {
  const corrections = new Map<string, string>();
  const startsKnown = (word: string) => known.has(word) || [...known].some((k) => k.startsWith(word));
  const candidates = words.filter((w) => w.length >= 4 && !/^\d+$/.test(w) && !startsKnown(w));
  if (candidates.length === 0) return corrections;
  const list = sql.join(
    candidates.map((w) => sql`${w}`),
    sql`, `,
  );
  const rows = await db.transaction(async (tx) => {
    // `%` uses the trigram index; its threshold is a setting, changed for this transaction only.
    await tx.execute(sql`select set_config('pg_trgm.similarity_threshold', ${CORRECTION_SIMILARITY}, true)`);
    return rowsOf<{ word: string; term: string; sim: number }>(
      await tx.execute(sql`
        select w.word, c.term, c.sim
        from unnest(array[${list}]::text[]) as w(word)
        cross join lateral (
          select t.term, similarity(t.term, w.word) as sim
          from search_terms t
          where t.term % w.word or t.term like w.word || '%'
          order by t.term like w.word || '%' desc, similarity(t.term, w.word) desc
          limit ${CORRECTION_CANDIDATES}
        ) c`),
    );
  });
  const byWord = new Map<string, { term: string; sim: number }[]>();
  for (const row of rows) byWord.set(row.word, [...(byWord.get(row.word) ?? []), { term: row.term, sim: Number(row.sim) }]);
  for (const word of candidates) {
    const terms = byWord.get(word) ?? [];
    // Known as typed, or the start of a known word (prefix search covers it): nothing to correct.
    if (terms.some((t) => t.term.startsWith(word))) continue;
    // Curated words come first and carry a similarity above any trigram score, so they win ties.
    const curated = [...known].filter((k) => Math.abs(k.length - word.length) <= allowedEdits(word)).map((term) => ({ term, sim: 2 }));
    let best: { term: string; distance: number; sim: number } | null = null;
    for (const t of [...curated, ...terms]) {
      const distance = editDistance(word, t.term);
      if (distance > allowedEdits(word)) continue;
      if (!best || distance < best.distance || (distance === best.distance && t.sim > best.sim)) {
        best = { term: t.term, distance, sim: t.sim };
      }
    }
    if (best) corrections.set(word, best.term);
  }
  return corrections;
}
