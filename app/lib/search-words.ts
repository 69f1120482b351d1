// How search text is cut into words, shared by the query parser (server) and the dictionary and
// category hints (both sides), so a phrase is read the same way wherever it is looked up.

// PostgreSQL's English stop words: the full-text parser drops them, so they are neither corrected nor searched.
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    "i me my myself we our ours ourselves you your yours yourself yourselves he him his himself she her hers herself " +
    "it its itself they them their theirs themselves what which who whom this that these those am is are was were be " +
    "been being have has had having do does did doing a an the and but if or because as until while of at by for with " +
    "about against between into through during before after above below to from up down in out on off over under again " +
    "further then once here there when where why how all any both each few more most other some such no nor not only " +
    "own same so than too very s t can will just don should now"
  ).split(" "),
);

/** Lower-case letters and digits, everything else a separator ("Spider-Man" is "spider", "man"). */
export function tokens(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

/**
 * The key a phrase is looked up by: its words without stop words, joined by one space. "Spider-Man",
 * "spider man" and "SPIDER  MAN" share "spider man"; "Beauty and the Beast" is "beauty beast".
 */
export function phraseKey(text: string): string {
  return tokens(text)
    .filter((w) => !STOP_WORDS.has(w))
    .join(" ");
}
