-- A city's name says its state, but PostgreSQL assumes the two columns independent: it expected 93
-- performers based in Los Angeles, CA among 1,000,000 (there were 2,600), so it read and sorted all
-- of them for a city page with a category filter (45 ms) instead of walking the state-and-city
-- index newest first until a page of them was found (1 ms). These statistics tell it.
CREATE STATISTICS IF NOT EXISTS "profile_search_state_city_stats" (dependencies, ndistinct) ON "state", "city" FROM "profile_search";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "profiles_state_city_stats" (dependencies, ndistinct) ON "state", "city" FROM "profiles";--> statement-breakpoint
ANALYZE "profile_search";--> statement-breakpoint
ANALYZE "profiles";
