import { sql, type SQL } from "drizzle-orm";
import { TRADEMARK_NAMES } from "~/lib/data/trademark-names";
import { TRADEMARK_PATTERN_SOURCE } from "~/lib/trademark-names";
import { profiles } from "../db/schema";

// Which profiles' stage name or characters use a trademarked name, for the admin's "Uses a
// trademarked name" filter: the same pattern the row's flag is found with (app/lib/trademark-names.ts),
// so the filter and the flags agree.
//
// The pattern alone is far too slow to test on every profile (a regular expression of 160 names:
// seconds for 100,000 rows), so the rows it tests come first from the search document's trigram
// index: `search_text` holds the name and characters as written (search-document.server.ts, kept
// by every write of either), so each name's words in order (ILIKE '%snow%white%') find a superset
// of the matches in one index read; the pattern then runs on those few rows only. OFFSET 0 keeps
// PostgreSQL from folding the candidates into the outer query, where it could test the pattern on
// every row it walks in date order before the cheap index had narrowed them.

/** Each name's words in order, as ILIKE patterns for the trigram index. */
const CANDIDATE_PATTERNS = [...new Set(TRADEMARK_NAMES.flatMap((entry) => entry.phrases).map((words) => `%${words.split(" ").join("%")}%`))];

function textArray(values: readonly string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

/** The profiles whose name or one of whose characters holds a trademarked name, as whole words. */
export function usesTrademarkCondition(): SQL {
  return sql`${profiles.id} in (
    select candidate.id from (
      select p.id, p.display_name, p.characters from profiles p where p.search_text ilike any (${textArray(CANDIDATE_PATTERNS)}) offset 0
    ) candidate
    where candidate.display_name ~* ${TRADEMARK_PATTERN_SOURCE}
       or exists (select 1 from unnest(candidate.characters) as c(name) where c.name ~* ${TRADEMARK_PATTERN_SOURCE})
  )`;
}
