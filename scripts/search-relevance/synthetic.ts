import type pg from "pg";
import { CHARACTER_SUGGESTIONS } from "~/lib/character-suggestions";
import { CATEGORIES } from "~/lib/constants";
import { US_STATES } from "~/lib/us-states";

// Synthetic profiles for timing search at scale (`npm run bench:search`), generated with SQL only
// the way `bench:directory` does it, plus characters from the editor's suggestions and bios that
// use the words parents search for, so text matches are as common as in a real directory.

const FIRST = ["Captain", "Lady", "Sir", "Starlight", "Shadow", "Crimson", "Lunar", "Thunder", "Velvet", "Mystic", "Golden", "Iron", "Frost", "Ember", "Silver", "Cosmic", "Sunny", "Midnight", "Royal", "Wild"];
const SECOND = ["Princess", "Knight", "Ranger", "Phantom", "Wizard", "Pirate", "Guardian", "Fairy", "Ninja", "Robot", "Dragon", "Mermaid", "Jester", "Hero", "Sorceress", "Samurai", "Bandit", "Pixie", "Titan", "Comet"];
const THEMES = ["princess", "superhero", "villain", "anime", "pirate", "mermaid", "dinosaur", "space", "fairy", "wizard", "robot", "knight", "zombie", "unicorn", "ninja", "clown", "mascot", "dragon", "cowboy", "vampire"];
const EXTRAS = ["face painting", "balloon twisting", "sing-alongs", "photo booths", "storytelling", "magic tricks", "dance parties", "trivia games", "sword fighting lessons", "treasure hunts"];

const text = (value: string) => `'${value.replace(/'/g, "''")}'`;
const array = (values: readonly string[]) => `array[${values.map(text).join(", ")}]`;
const pickFrom = (values: readonly string[]) => `(${array(values)})[1 + floor(random() * ${values.length})::int]`;

/** Adds synthetic profiles number `from`..`to` (inclusive): users, profiles with characters, categories. */
export async function addSyntheticProfiles(pool: pg.Pool, from: number, to: number): Promise<void> {
  const cities = US_STATES.flatMap((s) => s.cities.map((c) => ({ state: s.abbreviation, city: c.name, lat: c.lat, lon: c.lon })));
  const client = await pool.connect();
  try {
    await client.query("begin");
    await client.query(`create temp table if not exists bench_cities (n int primary key, state text, city text, lat float8, lon float8) on commit drop`);
    await client.query(`insert into bench_cities values ${cities.map((c, i) => `(${i}, ${text(c.state)}, ${text(c.city)}, ${c.lat}, ${c.lon})`).join(", ")}`);
    await client.query(`select setseed(${(from % 1000) / 1000})`);
    await client.query(
      `insert into "user" (id, name, email, email_verified)
       select 'synthetic-' || i, 'Synthetic ' || i, 'synthetic' || i || '@example.com', true from generate_series($1::int, $2::int) i`,
      [from, to],
    );
    await client.query(
      `insert into profiles (id, display_name, bio, characters, state, city, latitude, longitude, contact_email,
                             is_active, payment_status, payment_expiry, travel_radius, created_at, updated_at)
       select 'synthetic-' || g.i,
              case when g.r1 < 0.02 then null else ${pickFrom(FIRST)} || ' ' || ${pickFrom(SECOND)} end,
              'Bringing ' || ${pickFrom(THEMES)} || ' magic to birthday parties, schools and conventions around ' || c.city ||
              '. Every visit includes ' || ${pickFrom(EXTRAS)} || ' and ' || ${pickFrom(EXTRAS)} ||
              ', with costumes made by hand and a show tailored to your guests. Family friendly, punctual and insured.',
              (select coalesce(array_agg(distinct ${pickFrom(CHARACTER_SUGGESTIONS)}), '{}') from generate_series(1, (g.i * 7) % 4) n),
              c.state, c.city, c.lat, c.lon,
              'synthetic' || g.i || '@contact.example.com',
              g.r3 >= 0.05,
              case when g.r4 < 0.85 then 'paid' when g.r4 < 0.95 then 'pending' else 'expired' end,
              case when g.r4 < 0.82 then current_date + 30 + floor(random() * 330)::int
                   when g.r4 < 0.85 then current_date - 1 - floor(random() * 60)::int
                   when g.r4 < 0.95 then null else current_date - 100 end,
              case when g.r5 < 0.4 then 'local_only' when g.r5 < 0.65 then 'short_distance'
                   when g.r5 < 0.8 then 'medium_distance' when g.r5 < 0.9 then 'long_distance' else 'nationwide' end,
              now() - (g.i || ' minutes')::interval, now() - (g.i || ' minutes')::interval
       from (select i, random() r1, random() r3, random() r4, random() r5, floor(random() * ${cities.length})::int city_n
             from generate_series($1::int, $2::int) i) g
       join bench_cities c on c.n = g.city_n`,
      [from, to],
    );
    await client.query(
      `insert into profile_categories (profile_id, category)
       select distinct 'synthetic-' || i, ${pickFrom(CATEGORIES)}
       from generate_series($1::int, $2::int) i cross join lateral generate_series(1, 1 + (i * 7) % 3) n`,
      [from, to],
    );
    // Where profiles have one audience answer (migration 0017), it follows the categories drawn
    // (18+ wins over Kids' Parties Only); the rest stay unanswered, as most existing profiles are.
    // Only those rows are rewritten, so the extra update stays a quarter of the table.
    const audience = await client.query(`select 1 from information_schema.columns where table_name = 'profiles' and column_name = 'audience'`);
    if (audience.rowCount) {
      await client.query(
        `update profiles p set audience = a.audience
         from (select profile_id, case when bool_or(category = '18+ Events Only') then 'adults' else 'kids' end as audience
               from profile_categories
               where category in ('18+ Events Only', 'Kids'' Parties Only')
                 and profile_id in (select 'synthetic-' || i from generate_series($1::int, $2::int) i)
               group by profile_id) a
         where a.profile_id = p.id`,
        [from, to],
      );
    }
    await client.query("commit");
  } catch (error) {
    await client.query("rollback");
    throw error;
  } finally {
    client.release();
  }
}
