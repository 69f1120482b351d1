// Synthetic performers for the benchmarks that time the directory at scale (`npm run
// bench:directory`, `bench:search`, `bench:suggest`), written with SQL only (INSERT ... SELECT over
// generate_series) so that a million profiles load in minutes. Every benchmark gets the same
// accounts, names, cities and listing states; the options add the columns its pages read.
//
// The figures of one run are compared with those of earlier sessions, so the data must not drift:
// random() is seeded per chunk from the chunk's first number, and each option adds its own draws
// (its own `random()` columns, in a fixed place) without moving the others. A change to a statement
// here changes every benchmark's data: compare the tables before and after (an ordered md5 over each)
// at a small size.
import type pg from "pg";
import { CHARACTER_SUGGESTIONS } from "~/lib/character-suggestions";
import { CATEGORIES } from "~/lib/constants";
import { US_STATES } from "~/lib/us-states";

export interface SyntheticProfileOptions {
  /** First word of the ids, names and addresses: "bench" makes bench-1, "Bench 1", bench1@example.com. */
  prefix: string;
  /** "themed": two sentences naming a theme and two extras, the words parents search for; "brief": one sentence with the city. */
  bio: "themed" | "brief";
  /** About half the names get a third word ("Captain Comet Parties"), so that names share their first letters as real ones do. */
  surnames?: boolean;
  /** 0 to 3 characters each, from the profile editor's suggestions. */
  characters?: boolean;
  /** 1 to 3 categories each. */
  categories?: boolean;
  /** The city's coordinates, a travel range, and created_at a minute apart (profile 1 newest): what the distance bands and the sorts read. */
  placed?: boolean;
  /** A price range for 7 in 10, an audience answer for 7 in 10 and a group act for about 1 in 7, each drawn per profile. */
  refinements?: boolean;
  /**
   * The audience answer follows the categories drawn instead ("18+ Events Only" wins over "Kids'
   * Parties Only"; the rest unanswered). Only where the database has the column (migration 0017), as
   * bench:search also runs against older checkouts. Needs `categories`; not with `refinements`.
   */
  audienceFromCategories?: boolean;
  /** 1 to 3 placeholder photos for four profiles in five. */
  photos?: boolean;
  /**
   * Packages and a travel-fee rule (issue 26): 1 to 3 packages for 17 profiles in 20, a per-mile
   * rule for half of all profiles, a flat fee for a quarter. Drawn from the profile number, not
   * random(), so the other options' data stay as they were.
   */
  packages?: boolean;
}

export interface SyntheticRange {
  /** Profile numbers `from`..`to`, inclusive. */
  from: number;
  to: number;
  /**
   * Profiles per transaction (default 20,000). Each chunk seeds random() from its first number, so
   * the same range in the same chunks gives the same data: a benchmark keeps its chunk size.
   */
  chunk?: number;
}

const FIRST = ["Captain", "Lady", "Sir", "Starlight", "Shadow", "Crimson", "Lunar", "Thunder", "Velvet", "Mystic", "Golden", "Iron", "Frost", "Ember", "Silver", "Cosmic", "Sunny", "Midnight", "Royal", "Wild"];
const SECOND = ["Princess", "Knight", "Ranger", "Phantom", "Wizard", "Pirate", "Guardian", "Fairy", "Ninja", "Robot", "Dragon", "Mermaid", "Jester", "Hero", "Sorceress", "Samurai", "Bandit", "Pixie", "Titan", "Comet"];
const SURNAMES = ["Parties", "Events", "Entertainment", "Cosplay", "Performances", "Studio", "Shows", "& Friends"];
const THEMES = ["princess", "superhero", "villain", "anime", "pirate", "mermaid", "dinosaur", "space", "fairy", "wizard", "robot", "knight", "zombie", "unicorn", "ninja", "clown", "mascot", "dragon", "cowboy", "vampire"];
const EXTRAS = ["face painting", "balloon twisting", "sing-alongs", "photo booths", "storytelling", "magic tricks", "dance parties", "trivia games", "sword fighting lessons", "treasure hunts"];

const DEFAULT_CHUNK = 20_000;

/** A string as an SQL literal; every value here is the script's own, but quotes still need doubling. */
const sqlText = (value: string) => `'${value.replace(/'/g, "''")}'`;
/** One of `values`, by a random() drawn for each row. */
const pickFrom = (values: readonly string[]) => `(array[${values.map(sqlText).join(", ")}])[1 + floor(random() * ${values.length})::int]`;

function checkOptions(options: SyntheticProfileOptions) {
  if (!/^[a-z]+$/.test(options.prefix)) throw new Error(`the prefix must be lower-case letters: ${options.prefix}`);
  if (options.audienceFromCategories && (!options.categories || options.refinements)) {
    throw new Error("audienceFromCategories needs categories and cannot go with refinements");
  }
}

/** The profiles statement. The draws of the subquery come in the order r1..r7, then the city; an option only adds its own. */
function profilesStatement(options: SyntheticProfileOptions, cityCount: number): string {
  const id = `'${options.prefix}-' || g.i`;
  const draws = ["r1", options.refinements && "r2", "r3", "r4", options.placed && "r5", options.refinements && "r6", options.refinements && "r7"].filter(
    (draw): draw is string => typeof draw === "string",
  );
  const name = `${pickFrom(FIRST)} || ' ' || ${pickFrom(SECOND)}${options.surnames ? ` || case when g.r1 < 0.5 then ' ' || ${pickFrom(SURNAMES)} else '' end` : ""}`;
  const bio =
    options.bio === "themed"
      ? `'Bringing ' || ${pickFrom(THEMES)} || ' magic to birthday parties, schools and conventions around ' || c.city ||
         '. Every visit includes ' || ${pickFrom(EXTRAS)} || ' and ' || ${pickFrom(EXTRAS)} ||
         ', with costumes made by hand and a show tailored to your guests. Family friendly, punctual and insured.'`
      : `'Costumed characters for parties around ' || c.city || '.'`;
  // Column and value pairs in the order of the select list, which is the order random() is drawn in.
  const columns: [string, string][] = [
    ["id", id],
    ["display_name", `case when g.r1 < 0.02 then null else ${name} end`],
    ["bio", bio],
  ];
  if (options.characters) {
    columns.push(["characters", `(select coalesce(array_agg(distinct ${pickFrom(CHARACTER_SUGGESTIONS)}), '{}') from generate_series(1, (g.i * 7) % 4) n)`]);
  }
  columns.push(["state", "c.state"], ["city", "c.city"]);
  if (options.placed) columns.push(["latitude", "c.lat"], ["longitude", "c.lon"]);
  if (options.refinements) {
    columns.push(["price_min", "case when g.r2 < 0.7 then 80 + floor(random() * 5) * 20 end"], ["price_max", "case when g.r2 < 0.7 then 160 + floor(random() * 5) * 20 end"]);
  }
  columns.push(
    ["contact_email", `'${options.prefix}' || g.i || '@contact.example.com'`],
    ["is_active", "g.r3 >= 0.05"],
    // 82% public; the rest expired lately, pending, or long expired.
    ["payment_status", "case when g.r4 < 0.85 then 'paid' when g.r4 < 0.95 then 'pending' else 'expired' end"],
    [
      "payment_expiry",
      `case when g.r4 < 0.82 then current_date + 30 + floor(random() * 330)::int
            when g.r4 < 0.85 then current_date - 1 - floor(random() * 60)::int
            when g.r4 < 0.95 then null else current_date - 100 end`,
    ],
  );
  if (options.placed) {
    columns.push(
      [
        "travel_radius",
        `case when g.r5 < 0.4 then 'local_only' when g.r5 < 0.65 then 'short_distance'
              when g.r5 < 0.8 then 'medium_distance' when g.r5 < 0.9 then 'long_distance' else 'nationwide' end`,
      ],
      ["created_at", "now() - (g.i || ' minutes')::interval"],
      ["updated_at", "now() - (g.i || ' minutes')::interval"],
    );
  }
  if (options.packages) {
    columns.push(
      ["travel_fee_kind", "case when (g.i * 11) % 4 < 2 then 'per_mile' when (g.i * 11) % 4 = 2 then 'flat' else 'none' end"],
      ["travel_fee_free_miles", "case when (g.i * 11) % 4 < 2 then 5 * ((g.i * 3) % 5) end"],
      ["travel_fee_cents_per_mile", "case when (g.i * 11) % 4 < 2 then 50 + 25 * ((g.i * 17) % 7) end"],
      ["travel_fee_flat", "case when (g.i * 11) % 4 = 2 then 15 + 5 * ((g.i * 19) % 8) end"],
    );
  }
  if (options.refinements) {
    // Roughly as the demo's answers fall: a few adults-only acts, many not yet answered.
    columns.push(["audience", "case when g.r6 < 0.05 then 'adults' when g.r6 < 0.4 then 'kids' when g.r6 < 0.7 then 'all' end"], ["group_performer", "g.r7 < 0.15"]);
  }
  return `insert into profiles (${columns.map(([column]) => column).join(", ")})
     select ${columns.map(([, value]) => value).join(",\n            ")}
     from (select i, ${draws.map((draw) => `random() ${draw}`).join(", ")}, floor(random() * ${cityCount})::int city_n
           from generate_series($1::int, $2::int) i) g
     join bench_cities c on c.n = g.city_n`;
}

/** Profiles `from`..`to` in one transaction: accounts, profiles and what the options add. */
async function addChunk(client: pg.PoolClient, options: SyntheticProfileOptions, from: number, to: number) {
  const cities = US_STATES.flatMap((s) => s.cities.map((c) => ({ state: s.abbreviation, city: c.name, lat: c.lat, lon: c.lon })));
  const { prefix } = options;
  const range = [from, to];
  await client.query(`create temp table if not exists bench_cities (n int primary key, state text, city text, lat float8, lon float8) on commit drop`);
  await client.query(`insert into bench_cities values ${cities.map((c, i) => `(${i}, ${sqlText(c.state)}, ${sqlText(c.city)}, ${c.lat}, ${c.lon})`).join(", ")}`);
  await client.query(`select setseed(${(from % 1000) / 1000})`);
  const title = prefix[0].toUpperCase() + prefix.slice(1);
  await client.query(
    `insert into "user" (id, name, email, email_verified)
     select '${prefix}-' || i, '${title} ' || i, '${prefix}' || i || '@example.com', true from generate_series($1::int, $2::int) i`,
    range,
  );
  await client.query(profilesStatement(options, cities.length), range);
  if (options.categories) {
    await client.query(
      `insert into profile_categories (profile_id, category)
       select distinct '${prefix}-' || i, ${pickFrom(CATEGORIES)}
       from generate_series($1::int, $2::int) i cross join lateral generate_series(1, 1 + (i * 7) % 3) n`,
      range,
    );
  }
  if (options.audienceFromCategories) {
    const audience = await client.query(`select 1 from information_schema.columns where table_name = 'profiles' and column_name = 'audience'`);
    // Only the profiles with such a category are rewritten, so the update stays a quarter of the table.
    if (audience.rowCount) {
      await client.query(
        `update profiles p set audience = a.audience
         from (select profile_id, case when bool_or(category = '18+ Events Only') then 'adults' else 'kids' end as audience
               from profile_categories
               where category in ('18+ Events Only', 'Kids'' Parties Only')
                 and profile_id in (select '${prefix}-' || i from generate_series($1::int, $2::int) i)
               group by profile_id) a
         where a.profile_id = p.id`,
        range,
      );
    }
  }
  if (options.photos) {
    await client.query(
      `insert into profile_images (profile_id, image_url, storage_key, position, width, height, variants)
       select '${prefix}-' || i, '/images/placeholder-performer.webp', '${prefix}/' || i || '-' || n || '.webp', n - 1, 640, 800, '[]'::jsonb
       from generate_series($1::int, $2::int) i, generate_series(1, 1 + (i % 3)) n
       where i % 5 <> 0`,
      range,
    );
  }
  if (options.packages) {
    // $95 to $285, 30 to 105 minutes; last, so no random() draw above moves.
    await client.query(
      `insert into profile_packages (profile_id, position, name, minutes, price)
       select '${prefix}-' || i, n, 'Party visit ' || (n + 1), 30 + 15 * ((i + n) % 6), 95 + 10 * ((i * 31 + n * 17) % 20)
       from generate_series($1::int, $2::int) i cross join lateral generate_series(0, (i * 5) % 3) n
       where (i * 13) % 20 < 17`,
      range,
    );
  }
}

/**
 * Adds synthetic profiles number `from`..`to` (their accounts first), one transaction per chunk.
 * The caller refreshes the search documents afterwards if its benchmark searches.
 */
export async function addSyntheticProfiles(pool: pg.Pool, range: SyntheticRange, options: SyntheticProfileOptions): Promise<void> {
  checkOptions(options);
  const chunk = range.chunk ?? DEFAULT_CHUNK;
  for (let first = range.from; first <= range.to; first += chunk) {
    const client = await pool.connect();
    try {
      await client.query("begin");
      await addChunk(client, options, first, Math.min(range.to, first + chunk - 1));
      await client.query("commit");
    } catch (error) {
      await client.query("rollback");
      throw error;
    } finally {
      client.release();
    }
  }
}
