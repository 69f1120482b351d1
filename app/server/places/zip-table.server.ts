import { createRequire } from "node:module";

// The offline ZIP table (the `zipcodes` package: about 44,000 codes with their town and centroid).
// It is CommonJS, ships no types and weighs 5 MB, so it is required on first use rather than
// imported: it stays out of the server bundle and out of processes that never look a ZIP up.

export interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}

interface ZipTable {
  codes: Record<string, ZipRecord>;
  lookup(zip: string): ZipRecord | undefined;
}

let table: ZipTable | null = null;

export function zipTable(): ZipTable {
  table ??= createRequire(import.meta.url)("zipcodes") as ZipTable;
  return table;
}
