// What a value from a request must be before it reaches SQL: an id column's uuid shape (anything
// else cannot exist, and must not reach PostgreSQL as a failing cast), and text matched with LIKE
// taken literally.

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID_PATTERN.test(value);
}

/** LIKE's wildcards and its escape character, taken literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
