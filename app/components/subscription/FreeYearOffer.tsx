import { useEffect, useId, useMemo } from "react";
import { Form, Link, useNavigation } from "react-router";
import { RequiredQuestionField } from "~/components/free-listing/ApplicationFields";
import { notify } from "~/components/layout/notify";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { fieldBinder, useFieldErrors } from "~/components/ui/useFieldErrors";
import { FREE_LISTING_SPOTS } from "~/lib/constants";
import { ONE_TAP_INTENT, oneTapSchema, SUMMARY_LABELS, type FreeYearOffer as Offer, type RequiredQuestion } from "~/lib/free-listing-one-tap";
import type { FreeListingActionResult, FreeListingValues } from "~/lib/free-listing-schema";
import { APPLICATION_FAILED } from "~/lib/free-listing-view";
import { stateName } from "~/lib/us-state-names";
import { SUBSCRIPTION_PATH } from "./BillingForm";

// The open beta's free year, offered before the price to a signed-in performer: what their profile
// already answers is shown (the server sends it from the profile, not from this form) and only the
// questions it leaves open are fields, so applying is one tap for a finished profile.

type Refusal = Extract<FreeListingActionResult, { ok: false }>;

const TRAVEL_WORDS: Record<string, string> = { yes: "Yes", no: "No", depends: "Depends on the event" };

function shown(key: keyof FreeListingValues, value: string): string {
  if (key === "state") return stateName(value) || value;
  if (key === "travel") return TRAVEL_WORDS[value] ?? value;
  return value;
}

/** "We'll send this from your profile": the answers the profile gives, read-only. */
function ProfileSummary({ values, asked, problems }: { values: FreeListingValues; asked: readonly RequiredQuestion[]; problems: Record<string, string> }) {
  const rows = SUMMARY_LABELS.filter(({ key }) => !(asked as readonly string[]).includes(key) && String(values[key]).trim() !== "");
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold text-slate-900">We&apos;ll send this from your profile</h3>
        <Link to="/free-listing" className="text-sm font-semibold text-brand-700 underline underline-offset-2 hover:no-underline">
          Edit these answers
        </Link>
      </div>
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[10rem_1fr]">
        {rows.map(({ key, label }) => (
          <div key={key} className="contents">
            <dt className="font-medium text-slate-700">{label}</dt>
            <dd className={key === "bio" ? "line-clamp-3 text-slate-900" : "break-words text-slate-900"}>
              {shown(key, String(values[key]))}
              {problems[key] ? <span className="mt-0.5 block font-medium text-red-700">{problems[key]}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The free-year offer with its one-tap form (the subscription page shows it above Subscribe Now). */
export function FreeYearOffer({ offer, refusal }: { offer: Offer & { apply: NonNullable<Offer["apply"]> }; refusal: Refusal | null }) {
  const id = useId();
  const { asked, values } = offer.apply;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === ONE_TAP_INTENT;
  const schema = useMemo(() => oneTapSchema(asked), [asked]);
  const { errors, onSubmit, clearChanged } = useFieldErrors(refusal?.errors, schema);
  const kept = refusal ? refusal.values : values;
  const field = fieldBinder(id, kept, errors);
  // A message about an answer the profile gave (too long, say) belongs to the summary, not a field.
  const problems = Object.fromEntries(Object.entries(errors).filter(([key]) => !(asked as readonly string[]).includes(key)));

  useEffect(() => {
    if (!refusal) return;
    notify("error", refusal.message ?? (Object.keys(refusal.errors).length === 0 ? APPLICATION_FAILED : "Please check the answers marked below."));
  }, [refusal]);

  return (
    <section aria-labelledby="free-year-heading" data-testid="free-year-offer" className="space-y-5 rounded-xl border-2 border-brand-300 bg-brand-50 p-5 shadow-sm sm:p-6">
      <div>
        <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">Open beta: free listings available</p>
        <h2 id="free-year-heading" className="mt-1 text-2xl font-bold text-slate-900">
          Claim Your Free Listing
        </h2>
        <p className="mt-2 text-slate-800">
          <strong>
            {offer.spotsLeft} of {FREE_LISTING_SPOTS} free listings
          </strong>{" "}
          are still available to qualified performers: your first year in the directory, free. The year starts when your
          listing goes live, not when we approve it.
        </p>
      </div>
      {refusal?.message ? <Alert tone="error">{refusal.message}</Alert> : null}
      <Form method="post" action={SUBSCRIPTION_PATH} noValidate onSubmit={onSubmit} onChange={clearChanged} aria-label="Free listing application" className="space-y-5">
        <input type="hidden" name="intent" value={ONE_TAP_INTENT} />
        <ProfileSummary values={values} asked={asked} problems={problems} />
        {asked.length > 0 ? (
          <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
            <h3 className="font-semibold text-slate-900">{asked.length === 1 ? "One question your profile doesn't answer" : "Questions your profile doesn't answer"}</h3>
            {asked.map((question) => (
              <RequiredQuestionField key={question} question={question} bound={field(question)} />
            ))}
          </div>
        ) : null}
        {!offer.emailConfirmed ? (
          <Alert tone="info" title="Confirm your email too">
            You can apply now; if we approve it, your free year waits until your address is confirmed and your listing goes live.
          </Alert>
        ) : null}
        <div className="space-y-2">
          <Button type="submit" size="lg" disabled={submitting} className="w-full sm:w-auto">
            {submitting ? "Submitting..." : "Submit Application"}
          </Button>
          <p className="text-sm text-slate-700">Our team reviews every application and replies within 1-2 business days.</p>
        </div>
      </Form>
    </section>
  );
}
