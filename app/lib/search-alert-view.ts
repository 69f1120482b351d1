// What the "Tell me when a performer for this is listed near me" form, its pages and its mails say,
// shared by the routes, the form and the server (no Zod here: the search page loads this at once).

import type { FieldErrors } from "./form";
import { STOP_WORDS, tokens } from "./search-words";
import { stateName } from "./us-state-names";

/** Days the confirmation link works; an alert not confirmed by then is removed. */
export const ALERT_CONFIRM_DAYS = 3;
/** Alerts one address may hold (confirmed ones; the confirmation mails bound the others). */
export const ALERTS_PER_ADDRESS = 10;
/** Confirmation mails one address may be sent a day. */
export const ALERT_MAILS_PER_ADDRESS_PER_DAY = 3;
/** Confirmation mails one visitor (client key) may ask for an hour. */
export const ALERT_MAILS_PER_CLIENT_PER_HOUR = 5;

export const ALERT_SUBMIT_LABEL = "Tell me when a performer is listed";
export const ALERT_SENT_TITLE = "Check your email to confirm";
export function alertSentBody(email: string): string {
  return `We sent a link to ${email}. Open it within ${ALERT_CONFIRM_DAYS} days and press the button there to start your alerts. Nothing else is sent until you do.`;
}
export const ALERT_NOTHING_SEARCHED = "Search for a character, a place or both first, then ask for an alert.";
export const ALERT_ALREADY_LISTED = "Good news: performers for this search are already listed.";
export const ALERT_ADDRESS_FULL = `This address already has ${ALERTS_PER_ADDRESS} alerts. Stop one of them (every alert email has a link) to add another.`;
export const ALERT_ADDRESS_BUSY =
  "We've already sent this address several confirmation emails today. Please look for them in your inbox (and spam folder), or try again tomorrow.";
export function alertClientBusy(wait: string): string {
  return `Too many alerts have been asked for from your connection. Please try again in ${wait}.`;
}
export const ALERT_FAILED = "Your alert could not be saved. Please try again.";

/** What the alert form posts: the address, and the search as /search's address holds it. */
export interface SearchAlertValues {
  email: string;
  q: string;
  state: string;
  city: string;
  /** The place as the search page named it (display only). */
  place: string;
}

export type SearchAlertActionResult =
  | { ok: true; email: string }
  | {
      ok: false;
      errors: FieldErrors;
      /** A message about the whole request (a limit, a failure), shown above the form. */
      message?: string;
      /** Where the search's performers are, when the refusal is that there already are some. */
      resultsHref?: string;
      values: SearchAlertValues;
    };

/** Words searched at most, as /search reads them. */
const MAX_WORDS = 8;
/** Words that only introduce a place ("in" is a stop word already). */
const PLACE_WORDS = new Set(["near", "around"]);

/**
 * What a search asked for besides its place, normalised: lower-case words without stop words, ZIP
 * codes or the place's own name ("Encanto party in Orlando FL 32801" with the place "Orlando, FL"
 * is "encanto party"). The alerts name a search by it and the unmet searches count by it.
 */
export function searchWords(q: string, place: string | null, state: string | null = null): string {
  const placeTokens = new Set([...tokens(place ?? ""), ...tokens(state ? `${state} ${stateName(state)}` : "")]);
  // The state named after a city ("Orlando, FL") counts as the place too, spelled out or not.
  const placeState = /, ([A-Z]{2})$/.exec(place ?? "")?.[1];
  if (placeState) for (const word of tokens(stateName(placeState))) placeTokens.add(word);
  const words = tokens(q).filter((w) => !STOP_WORDS.has(w) && !PLACE_WORDS.has(w) && !/^\d{4,5}$/.test(w) && !placeTokens.has(w) && w.length <= 40);
  return [...new Set(words)].slice(0, MAX_WORDS).join(" ");
}

/** '"encanto" near Orlando, FL', '"encanto"', 'performers near Orlando, FL': an alert's search in words. */
export function describeAlertSearch(words: string, place: string | null): string {
  const quoted = words.trim() ? `"${words.trim().replace(/\s+/g, " ")}"` : "";
  if (!place) return quoted || "performers";
  if (!quoted) return `performers near ${place}`;
  return `${quoted} near ${place}`;
}

export const CONFIRM_PAGE_TITLE = "Start your email alerts";
export const CONFIRM_BUTTON = "Yes, email me new performers";
export const CONFIRMED_TITLE = "Your alert is on";
export const CONFIRM_LINK_INVALID =
  "This link has expired or has already been used. If you already pressed the button, your alert is on; otherwise ask for a new alert from the search page.";
export const CONFIRM_ADDRESS_FULL = `This address already has ${ALERTS_PER_ADDRESS} alerts, so this one was not started. Stop one of them (every alert email has a link) and ask again.`;

export const UNSUBSCRIBE_PAGE_TITLE = "Stop this email alert";
export const UNSUBSCRIBE_BUTTON = "Stop these emails";
export const UNSUBSCRIBED_TITLE = "You won't get these emails any more";
export const UNSUBSCRIBE_LINK_INVALID = "This link is not one we sent. Please use the link at the bottom of an alert email.";
