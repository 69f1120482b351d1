import { sql } from "drizzle-orm";
import type { Executor } from "../db/client.server";
import { entryPhrases } from "./expand.server";
import { rowsOf } from "./rows.server";
import type { QueryGroup } from "./understand.server";

// A dictionary phrase is searched with its words adjacent ("big <-> head <-> costume"), and the text
// index answers a phrase by reading the postings of every one of its words before the phrase is
// checked: "mascot" near Stephenville at 1,000,000 profiles spent 24 ms of its 32 ms in the index,
// most of it on "costume", which every profile says, for a phrase whose "big" nobody wrote. A
// phrase with a word no performer wrote cannot match, so it is left out of the query
// (expand.server.ts): the same performers are found, from the postings that can matter.
//
// The vocabulary (search_terms) holds every word of 3 to 40 letters written in a profile's search
// text, added in the transaction that writes it and never removed (search-document.server.ts), so a
// stem no word of it has is in no profile. Shorter words, stop words and words that are more than
// one stem are never called absent.

/** Words longer than this are not checked (a stem of a word past the vocabulary's 40 letters could share them). */
const LONGEST_CHECKED = 30;

/** Of `words` (plain [a-z0-9]+ tokens), those whose stem no word of the vocabulary has. */
export async function absentWords(db: Executor, words: readonly string[]): Promise<Set<string>> {
  const candidates = [...new Set(words)].filter((w) => w.length >= 3 && w.length <= LONGEST_CHECKED);
  if (candidates.length === 0) return new Set();
  const list = sql.join(
    candidates.map((w) => sql`${w}`),
    sql`, `,
  );
  // Each vocabulary word is one token, so its vector is its one stem at position 1, as is a
  // candidate's: equal vectors are equal stems (and the vocabulary's index is on that vector).
  const rows = rowsOf<{ word: string }>(
    await db.execute(sql`
      select w.word
      from unnest(array[${list}]::text[]) as w(word)
      where length(to_tsvector('english'::regconfig, w.word)) = 1
        and not exists (select 1 from search_terms t where to_tsvector('english'::regconfig, t.term) = to_tsvector('english'::regconfig, w.word))`),
  );
  return new Set(rows.map((r) => r.word));
}

/** The groups, each told which words of its entries' phrases are absent. */
export async function withAbsentWords(db: Executor, groups: QueryGroup[]): Promise<QueryGroup[]> {
  const phraseWords = (group: QueryGroup) => [...new Set(group.entries.flatMap((entry) => entryPhrases(entry).flat()))];
  const absent = await absentWords(db, groups.flatMap(phraseWords));
  return groups.map((group) => ({ ...group, absent: phraseWords(group).filter((word) => absent.has(word)) }));
}
