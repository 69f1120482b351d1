import { sql } from "drizzle-orm";
import type { Db } from "~/server/db/client.server";

// Performers the relevance benchmark adds to the demo data set, so that what issue 25 saw a parent
// run into can be measured whatever the demo's seed gives: small-town performers around
// Stephenville, TX; princesses about 100 miles from Orlando whose 25-50 mile range does not reach
// it; Santa Ana residents who do not play Santa; adults-only acts that play what children ask for
// (one by the 18+ category, one by the audience answer alone, one with contradictory answers);
// and the characters parents type that the demo's suggestions lack (a dark space lord, a green
// holiday grouch, a boy wizard, a magical-family heroine). Every one is listed (paid, active).

interface ScenarioPerformer {
  key: string;
  displayName: string;
  bio: string;
  characters: string[];
  categories: string[];
  city: string;
  state: string;
  latitude: number;
  longitude: number;
  travelRadius: "local_only" | "short_distance" | "medium_distance" | "long_distance" | "nationwide";
  audience: "kids" | "all" | "adults" | null;
  priceMin: number | null;
}

const KIDS = "Kids' Parties Only";
const ADULTS = "18+ Events Only";

export const SCENARIO: readonly ScenarioPerformer[] = [
  // Around Stephenville, TX (ZIP 76401), a town the demo's cities do not include.
  {
    key: "stephenville-hero",
    displayName: "Cross Timbers Comet",
    bio: "A home-grown caped hero for birthday parties and school assemblies in Erath County. Hero training, photos and a cape for the birthday kid.",
    characters: ["Flying Caped Hero", "Star-Shield Captain"],
    categories: ["Hero", KIDS],
    city: "Stephenville", state: "TX", latitude: 32.2214, longitude: -98.2224,
    travelRadius: "local_only", audience: "kids", priceMin: 90,
  },
  {
    key: "granbury-mascot",
    displayName: "Granbury Grizzly",
    bio: "A huggable walk-around bear for school spirit days, ball games and grand openings. I bring a helper and a boom box.",
    characters: ["Big Huggable Bear", "School Spirit Tiger"],
    categories: ["Mascot Style"],
    city: "Granbury", state: "TX", latitude: 32.425, longitude: -97.7742,
    travelRadius: "short_distance", audience: "all", priceMin: 120,
  },
  {
    key: "weatherford-princess",
    displayName: "Princess Bluebonnet",
    bio: "Storytime, sing-alongs and a royal tea party. Gowns are hand-sewn and every guest is knighted or crowned before I leave.",
    characters: ["Ballgown Princess", "Snow Queen"],
    categories: ["Fantasy", KIDS],
    city: "Weatherford", state: "TX", latitude: 32.7676, longitude: -97.7516,
    travelRadius: "medium_distance", audience: "kids", priceMin: 150,
  },
  {
    key: "dublin-dino",
    displayName: "Dublin Dino Crew",
    bio: "Two walking dinosaurs and a park ranger. Fossil digs, roaring contests and a very gentle T. rex for little ones.",
    characters: ["Friendly T. rex", "Dino Explorer"],
    categories: ["Mascot Style", "Group/Crew Performer"],
    city: "Dublin", state: "TX", latitude: 32.0909, longitude: -98.3455,
    travelRadius: "short_distance", audience: "kids", priceMin: 175,
  },
  // Princesses about 50-110 miles from Orlando whose own range does not reach it.
  {
    key: "ocala-princess",
    displayName: "Princess Marisol",
    bio: "Glass slippers, a sparkling ice gown and a sing-along. Parties, libraries and daycare visits across Marion County.",
    characters: ["Glass Slipper Princess", "Ice Queen"],
    categories: ["Fantasy", KIDS],
    city: "Ocala", state: "FL", latitude: 29.1989, longitude: -82.0874,
    travelRadius: "medium_distance", audience: "kids", priceMin: 125,
  },
  {
    key: "gainesville-princesses",
    displayName: "The Gulf Coast Royals",
    bio: "A troupe of three storybook royals for birthdays and festivals. Crowning ceremony, dancing and photos with every guest.",
    characters: ["Fairy-Tale Princess", "Rose Princess", "Archer Princess"],
    categories: ["Group/Crew Performer", "Fantasy"],
    city: "Gainesville", state: "FL", latitude: 29.6489, longitude: -82.325,
    travelRadius: "short_distance", audience: "all", priceMin: 200,
  },
  {
    key: "lakeland-mermaid",
    displayName: "Coral the Mermaid Princess",
    bio: "A mermaid tail, a treasure chest and ocean stories. Pool parties are my favorite.",
    characters: ["Mermaid Princess", "Ocean Mermaid"],
    categories: ["Fantasy"],
    city: "Lakeland", state: "FL", latitude: 28.0381, longitude: -81.9392,
    travelRadius: "short_distance", audience: "kids", priceMin: 110,
  },
  // Adults-only acts playing what children ask for.
  {
    key: "kissimmee-adult-princess",
    displayName: "Velvet Tiara Revue",
    bio: "Cabaret princess parodies for bachelorette parties and late-night conventions. Strictly 21 and over.",
    characters: ["Ballgown Princess", "Evil Queen"],
    categories: [ADULTS, "Cosplay"],
    city: "Kissimmee", state: "FL", latitude: 28.3051, longitude: -81.4242,
    travelRadius: "medium_distance", audience: "adults", priceMin: 250,
  },
  {
    key: "orlando-audience-adults",
    displayName: "Midnight Masquerade Princess",
    bio: "A grown-up masquerade princess for cocktail parties and themed nightclub events.",
    characters: ["Rose Princess"],
    categories: ["Fantasy"],
    city: "Orlando", state: "FL", latitude: 28.5399, longitude: -81.3727,
    travelRadius: "medium_distance", audience: "adults", priceMin: 200,
  },
  {
    key: "tampa-contradictory",
    displayName: "Sparkle and Sass Princess",
    bio: "Princess visits for birthdays, and roast-style princess comedy for grown-up parties.",
    characters: ["Fairy-Tale Princess", "Ice Queen"],
    categories: [KIDS, ADULTS],
    city: "Tampa", state: "FL", latitude: 27.9614, longitude: -82.4597,
    travelRadius: "medium_distance", audience: null, priceMin: 140,
  },
  {
    key: "dallas-adult-santa",
    displayName: "Naughty List Santa",
    bio: "An irreverent Santa roast for office parties and bars in December. Not for children.",
    characters: ["Santa Claus"],
    categories: [ADULTS, "Custom Characters"],
    city: "Dallas", state: "TX", latitude: 32.7904, longitude: -96.8044,
    travelRadius: "long_distance", audience: "adults", priceMin: 300,
  },
  // Santa Ana residents who do not play Santa, and Santas near Santa Ana and Chicago.
  {
    key: "santa-ana-pirate",
    displayName: "Orange County Pirate Pete",
    bio: "Based in Santa Ana: treasure maps, sword-free pirate games and a talking parrot.",
    characters: ["Pirate Captain"],
    categories: ["Historical/Fantasy Crossover"],
    city: "Santa Ana", state: "CA", latitude: 33.7523, longitude: -117.8541,
    travelRadius: "short_distance", audience: "kids", priceMin: 100,
  },
  {
    key: "santa-ana-hero",
    displayName: "Harbor Hero Hannah",
    bio: "Santa Ana's web-slinging hero for backyard birthdays and school fun runs.",
    characters: ["Web-Slinging Hero"],
    categories: ["Hero"],
    city: "Santa Ana", state: "CA", latitude: 33.7523, longitude: -117.8541,
    travelRadius: "medium_distance", audience: "kids", priceMin: 95,
  },
  {
    key: "anaheim-santa",
    displayName: "Saint Nick of Orange County",
    bio: "A real-bearded Santa Claus for home visits, schools and tree lightings, with Mrs. Claus on request.",
    characters: ["Santa Claus", "Mrs. Claus"],
    categories: ["Custom Characters", KIDS],
    city: "Anaheim", state: "CA", latitude: 33.8428, longitude: -117.9546,
    travelRadius: "medium_distance", audience: "kids", priceMin: 175,
  },
  {
    key: "evanston-santa",
    displayName: "North Shore Santa",
    bio: "Santa Claus home visits, breakfast with Santa and photo mornings from Thanksgiving to Christmas Eve.",
    characters: ["Santa Claus"],
    categories: ["Custom Characters"],
    city: "Evanston", state: "IL", latitude: 42.0546, longitude: -87.6943,
    travelRadius: "medium_distance", audience: "all", priceMin: 160,
  },
  {
    key: "santa-fe-unicorn",
    displayName: "High Desert Unicorn",
    bio: "A glittering unicorn from Santa Fe for garden parties and library story hours.",
    characters: ["Rainbow Unicorn"],
    categories: ["Mascot Style"],
    city: "Santa Fe", state: "NM", latitude: 35.6975, longitude: -105.9821,
    travelRadius: "long_distance", audience: "kids", priceMin: 130,
  },
  // Characters parents type that the demo's suggestions lack.
  {
    key: "columbus-space-lord",
    displayName: "Lord of the Dark Star",
    bio: "A towering armored space villain with a breathing mask and a red laser sword, plus a laser sword knight to duel him.",
    characters: ["Dark Armored Space Lord", "Laser Sword Knight"],
    categories: ["Sci-Fi", "Villain"],
    city: "Columbus", state: "OH", latitude: 39.9671, longitude: -83.0044,
    travelRadius: "long_distance", audience: "all", priceMin: 220,
  },
  {
    key: "grand-rapids-grouch",
    displayName: "The Grumpy Green Holiday Grouch",
    bio: "The green grump who tries to steal Christmas and learns to love it, for holiday parties and tree lightings.",
    characters: ["Green Holiday Grouch"],
    categories: ["Villain", "Custom Characters"],
    city: "Grand Rapids", state: "MI", latitude: 42.9842, longitude: -85.6291,
    travelRadius: "medium_distance", audience: "all", priceMin: 140,
  },
  {
    key: "chicago-wizard-school",
    displayName: "Wand and Spellbook Academy",
    bio: "A wizard school party: sorting hat, potions class and wand duels, led by a boy wizard and his wise old headmaster.",
    characters: ["Boy Wizard", "Wise Wizard"],
    categories: ["Fantasy", "Group/Crew Performer"],
    city: "Chicago", state: "IL", latitude: 41.8858, longitude: -87.6181,
    travelRadius: "medium_distance", audience: "kids", priceMin: 260,
  },
  {
    key: "miami-magical-family",
    displayName: "Casita Candle Parties",
    bio: "A Colombian-inspired magical family party with butterflies, candles, songs and a heroine in glasses who saves her family's magic.",
    characters: ["Magical Family Heroine"],
    categories: ["Custom Characters", KIDS],
    city: "Miami", state: "FL", latitude: 25.7791, longitude: -80.1978,
    travelRadius: "medium_distance", audience: "kids", priceMin: 150,
  },
  {
    key: "houston-magical-family",
    displayName: "Butterfly House Parties",
    bio: "Magical family birthday shows: embroidered dresses, a singing heroine and a dance with every guest.",
    characters: ["Magical Family Heroine", "Flower Fairy"],
    categories: ["Custom Characters"],
    city: "Houston", state: "TX", latitude: 29.7594, longitude: -95.3594,
    travelRadius: "long_distance", audience: "all", priceMin: 175,
  },
];

const idOf = (key: string) => `scenario-${key}`;

/** Whether the database has the audience answer (migration 0017 and later). */
export async function hasAudienceColumn(db: Db): Promise<boolean> {
  const result = (await db.execute(
    sql`select 1 from information_schema.columns where table_name = 'profiles' and column_name = 'audience'`,
  )) as unknown as { rows: unknown[] };
  return result.rows.length > 0;
}

/** Adds the scenario's performers (and their accounts); the caller refreshes the search documents. */
export async function addScenarioPerformers(db: Db, now: Date): Promise<number> {
  const audience = await hasAudienceColumn(db);
  const expiry = new Date(now.getTime() + 200 * 86_400_000).toISOString().slice(0, 10);
  for (const [i, p] of SCENARIO.entries()) {
    const id = idOf(p.key);
    const createdAt = new Date(now.getTime() - (40 + i * 9) * 86_400_000).toISOString();
    const adults = p.categories.includes(ADULTS) || p.audience === "adults";
    await db.execute(sql`insert into "user" (id, name, email, email_verified) values (${id}, ${p.displayName}, ${`${p.key}@scenario.example.com`}, true)`);
    await db.execute(sql`
      insert into profiles (id, display_name, bio, characters, state, city, latitude, longitude, contact_email, is_active,
                            payment_status, payment_expiry, travel_radius, family_friendly_only, adult_themes_ok,
                            group_performer, price_min, price_max, created_at, updated_at)
      values (${id}, ${p.displayName}, ${p.bio}, ${sql.raw(`array[${p.characters.map((c) => `'${c.replace(/'/g, "''")}'`).join(", ")}]::text[]`)},
              ${p.state}, ${p.city}, ${p.latitude}, ${p.longitude}, ${`${p.key}@scenario.example.com`}, true,
              'paid', ${expiry}, ${p.travelRadius}, ${!adults && p.audience !== null}, ${adults},
              ${p.categories.includes("Group/Crew Performer")}, ${p.priceMin}, ${p.priceMin === null ? null : p.priceMin + 100},
              ${createdAt}, ${createdAt})`);
    for (const category of p.categories) {
      await db.execute(sql`insert into profile_categories (profile_id, category) values (${id}, ${category})`);
    }
    if (audience && p.audience) await db.execute(sql`update profiles set audience = ${p.audience} where id = ${id}`);
  }
  return SCENARIO.length;
}
