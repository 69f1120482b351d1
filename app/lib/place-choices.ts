// A place name several states share ("springfield"): the search reads it as the most populous
// town and the page asks which was meant, each choice a search for that town. Shared by the
// server's reading of the query (app/server/search/understand.server.ts) and the page.

export interface PlaceChoice {
  city: string;
  /** Two-letter state code. */
  state: string;
  /** The visitor's query naming this town ("princess springfield MO"). */
  q: string;
}

export interface AmbiguousPlace {
  /** The name as the towns share it ("Springfield"). */
  name: string;
  /** Every town of the name, most populous first; the results shown are the first one's. */
  choices: PlaceChoice[];
}

/** Choices shown in the line itself; the rest are one tap further ("More states"). */
export const PLACE_CHOICES_SHOWN = 6;

/** "Springfield is in more than one state. Showing Springfield, IL." */
export function ambiguousPlaceLine(ambiguous: AmbiguousPlace): string {
  const first = ambiguous.choices[0];
  return `${ambiguous.name} is in more than one state. Showing ${first.city}, ${first.state}.`;
}

/** The address of a choice: the current search with the choice's words, from its first page. */
export function placeChoiceHref(search: string, choice: PlaceChoice): string {
  const params = new URLSearchParams(search);
  params.set("q", choice.q);
  params.delete("page");
  return `/search?${params.toString()}`;
}
