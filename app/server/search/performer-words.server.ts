import { sql } from "drizzle-orm";
import type { Executor } from "../db/client.server";
import { narrowProfiles } from "../db/narrow-profiles.server";
import { profiles } from "../db/schema";
import { publicProfileCondition, todayIso } from "../directory/visibility.server";
import { rowsOf } from "./rows.server";

// A town's name on its own is a place, unless a performer is known by it: "marshall" is the pup
// a performer plays before it is Marshall, Texas. This asks which of a few words a public
// performer's stage name or characters hold (the search vector's weights A and B), through the
// indexes of those two parts alone (schema.ts), so each word costs an index probe.

/** Which of `words` (lower-case, [a-z0-9] only) a public performer's stage name or characters use. */
export async function wordsPerformersUse(db: Executor, words: readonly string[], today: string = todayIso()): Promise<Set<string>> {
  if (words.length === 0) return new Set();
  const list = sql.join(
    words.map((w) => sql`${w}`),
    sql`, `,
  );
  const vector = profiles.searchVector;
  const found = rowsOf<{ word: string }>(
    await db.execute(sql`
      select w.word from unnest(array[${list}]::text[]) as w(word)
      where exists (
        select 1 from ${narrowProfiles}
        where ${publicProfileCondition(today)} and ts_filter(${vector}, '{a}') @@ to_tsquery('english', w.word)
      ) or exists (
        select 1 from ${narrowProfiles}
        where ${publicProfileCondition(today)} and ts_filter(${vector}, '{b}') @@ to_tsquery('english', w.word)
      )`),
  );
  return new Set(found.map((r) => r.word));
}
