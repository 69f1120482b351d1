import { parseValues } from "~/lib/form";
import { questionsToAsk, type FreeYearOffer } from "~/lib/free-listing-one-tap";
import { freeListingSchema, type FreeListingActionResult, type FreeListingValues } from "~/lib/free-listing-schema";
import type { Executor } from "../db/client.server";
import { applicantPrefill, freeYearStatus, type ApplicantAccount } from "./free-listing-applicant.server";
import { freeSpotsRemaining, handleFreeListing, type FreeListingContext } from "./listings.server";
import { todayIso } from "../directory/visibility.server";

// The free year on /dashboard/subscription: what the page offers a signed-in performer, and the
// one-tap application it posts. The answers the profile gives are read here, on the server, at the
// moment of sending; the post can only fill the questions the profile leaves open.

/** The page's free-year part: the performer's status if they have one, else the offer while places are left. */
export async function loadFreeYearOffer(
  db: Executor,
  account: ApplicantAccount,
  emailConfirmed: boolean,
  today: string = todayIso(),
): Promise<FreeYearOffer> {
  const [spotsLeft, status] = await Promise.all([freeSpotsRemaining(db), freeYearStatus(db, account.id, today)]);
  // A declined performer is told so rather than offered the same form again (/free-listing still takes a new one).
  if (status || spotsLeft === 0) return { spotsLeft, status, apply: null, emailConfirmed };
  const values = await applicantPrefill(db, account);
  return { spotsLeft, status, apply: { values, asked: questionsToAsk(values) }, emailConfirmed };
}

/**
 * Sends the performer's application from their profile: the profile's answers, then the posted
 * answers to the questions it leaves open (anything else posted is ignored), checked by the
 * application's own schema and sent the way /free-listing sends one (the last place, the
 * per-connection limit, one application per account and address, the receipt).
 */
export async function applyFromProfile(
  context: FreeListingContext,
  account: ApplicantAccount,
  answers: FreeListingValues,
  clientKey: string,
): Promise<FreeListingActionResult> {
  const values = await applicantPrefill(context.db, account);
  for (const key of questionsToAsk(values)) values[key] = answers[key];
  return handleFreeListing(context, parseValues(freeListingSchema, values), clientKey, account);
}
