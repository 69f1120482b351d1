import { z } from "zod";

// The characters a performer plays, as a short list of names in their own words ("Ice Queen",
// "T. rex Ranger"). One rule for every way a list arrives: the profile form, a free-listing
// application's free text, the demo data.

export const MAX_CHARACTERS = 10;
export const MAX_CHARACTER_LENGTH = 40;

/** " Ice   Queen " -> "Ice Queen". */
function tidy(name: string): string {
  return name.replace(/\s+/g, " ").trim();
}

/**
 * The boxes as posted -> the list as stored: trimmed, blanks dropped, the same name twice kept once
 * (case-insensitively, first spelling wins). A box may hold several names separated by commas,
 * semicolons or lines, which is how many people type a list on a phone.
 */
export function normalizeCharacters(entries: readonly string[]): string[] {
  const seen = new Set<string>();
  const list: string[] = [];
  for (const entry of entries) {
    for (const piece of entry.split(/[,;\n\r]+/)) {
      const name = tidy(piece);
      const key = name.toLowerCase();
      if (name === "" || seen.has(key)) continue;
      seen.add(key);
      list.push(name);
    }
  }
  return list;
}

/** The profile form's rule: up to 10 names of up to 40 letters, with a message a performer can act on. */
export const charactersRule = z
  .array(z.string())
  .transform(normalizeCharacters)
  .superRefine((list, ctx) => {
    const long = list.find((name) => name.length > MAX_CHARACTER_LENGTH);
    if (long) {
      ctx.addIssue({
        code: "custom",
        message: `Keep each character to ${MAX_CHARACTER_LENGTH} letters or fewer ("${long.slice(0, 24)}..." is longer)`,
      });
    } else if (list.length > MAX_CHARACTERS) {
      ctx.addIssue({ code: "custom", message: `List up to ${MAX_CHARACTERS} characters (you have ${list.length})` });
    }
  });

/** Cuts a name to the length limit at a word boundary, so an overlong phrase still reads. */
function shorten(name: string): string {
  if (name.length <= MAX_CHARACTER_LENGTH) return name;
  const cut = name.slice(0, MAX_CHARACTER_LENGTH + 1);
  const space = cut.lastIndexOf(" ");
  return (space > 0 ? cut.slice(0, space) : cut.slice(0, MAX_CHARACTER_LENGTH)).replace(/[\s,;:.-]+$/, "");
}

/**
 * A free-listing application's "Which characters do you perform?" answer -> a profile's list.
 * People answer in prose ("Fairy princess, mermaid and a woodland elf"), so it is split on commas,
 * semicolons, slashes, lines, "&" and the word "and"; list bullets and numbering go, overlong
 * phrases are shortened at a word, and the result always passes the profile form's rule.
 */
export function charactersFromApplication(answer: string | null | undefined): string[] {
  if (!answer) return [];
  const pieces = answer
    .split(/[,;/\n\r]+|\s+(?:and|&)\s+|&/i)
    .map((piece) =>
      tidy(piece)
        .replace(/^(?:[-*•·]+|\d+[.)])\s*/, "")
        .replace(/^(?:and|&)\s+/i, "")
        .replace(/[.!?]+$/, ""),
    )
    .map(shorten);
  return normalizeCharacters(pieces).slice(0, MAX_CHARACTERS);
}
