import { sql } from "drizzle-orm";
import { profileSearch, profiles } from "./schema";

/**
 * profile_search, the narrow copy of what listings by words and by place need (schema.ts; a third
 * of the profiles table's size), read under the name profiles: its columns are named as there, so
 * the visibility rule, the filters and the ZIP geometry, all written against profiles, apply to it
 * unchanged. Used by /search and by the city pages.
 */
export const narrowProfiles = sql`${profileSearch} as ${profiles}`;
