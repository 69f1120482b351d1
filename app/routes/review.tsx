import { data, Form, Link } from "react-router";
import type { Route } from "./+types/review";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { Choice, Fieldset, FieldShell, TextAreaField } from "~/components/ui/Field";
import { PageHeader } from "~/components/ui/PageHeader";
import { parseForm } from "~/lib/form";
import { pageMeta, siteFrom } from "~/lib/meta";
import { reviewAnswerSchema } from "~/lib/review-schema";
import {
  LINK_EXPIRED,
  LINK_INVALID,
  MAX_REVIEW_PHOTOS,
  NOTE_MAX_LENGTH,
  REVIEW_MAX_LENGTH,
  REVIEW_MIN_LENGTH,
  REVIEW_PHOTO_ACCEPT,
  REVIEW_PHOTO_FIELD,
} from "~/lib/review-view";
import { privateHeaders } from "~/server/http/cache-headers.server";
import { ImageRejectedError } from "~/server/images/process.server";
import { answerReviewQuestion, checkLinkOpen, openReviewLink } from "~/server/reviews/answers.server";
import { discardReviewPhotos, readReviewPost, storeReviewPhotos, type StoredPhotos } from "~/server/reviews/photos.server";

// /review/{token}: the link mailed to a parent after their party ("Did Jolly Squad perform at your
// event?"). No account: the link is the key, answered once. Three plain forms, one per answer, so
// the page works without JavaScript. Opening it records that the address's holder got the link.

export async function loader({ params, context }: Route.LoaderArgs) {
  const view = await openReviewLink(context.db, params.token ?? "");
  return data(view, { status: view.state === "invalid" ? 404 : view.state === "expired" ? 410 : 200, headers: privateHeaders() });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const token = params.token ?? "";
  const refused = (message: string, status: number) => data({ kind: "refused" as const, message }, { status, headers: privateHeaders() });
  // Nothing of the body is read for a link that cannot be answered.
  const link = await checkLinkOpen(context.db, token);
  if (!link.open) return refused(link.message, link.status);
  const post = await readReviewPost(request);
  if (!post.ok) {
    if (post.field === "form") return refused(post.message, post.status);
    const values = { answer: "booked", rating: "", body: "", note: "" };
    return data({ kind: "invalid" as const, errors: { photos: post.message }, values }, { status: post.status, headers: privateHeaders() });
  }
  const form = parseForm(reviewAnswerSchema, post.form);
  if (!form.ok) {
    return data({ kind: "invalid" as const, errors: form.errors, values: form.values }, { status: 400, headers: privateHeaders() });
  }
  let stored: StoredPhotos = { photos: [], keys: [] };
  if (form.data.answer === "booked" && post.photos.length > 0) {
    try {
      stored = await storeReviewPhotos(context.db, context.storage, link.requestId, post.photos);
    } catch (error) {
      if (!(error instanceof ImageRejectedError)) throw error;
      return data({ kind: "invalid" as const, errors: { photos: error.message }, values: form.values }, { status: 422, headers: privateHeaders() });
    }
  }
  const outcome = await answerReviewQuestion(context, token, form.data, new Date(), stored);
  if (outcome.kind !== "answered") await discardReviewPhotos(context.db, context.storage, stored.keys);
  if (outcome.kind === "refused") return refused(outcome.message, outcome.status);
  if (outcome.kind === "invalid") {
    return data({ kind: "invalid" as const, errors: outcome.errors, values: form.values }, { status: 400, headers: privateHeaders() });
  }
  // A review published at once changes the profile's page.
  if (outcome.published) context.pagesChanged?.();
  return data({ kind: "answered" as const, answer: outcome.answer, published: outcome.published, profileId: outcome.profileId }, { headers: privateHeaders() });
}

export function headers() {
  return { ...Object.fromEntries(privateHeaders()), "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ ...siteFrom(matches), path: "/review", title: "How did the party go?", description: "Tell other parents how your party went.", noindex: true });

const RATINGS = [
  { value: "5", label: "5 stars: wonderful" },
  { value: "4", label: "4 stars: very good" },
  { value: "3", label: "3 stars: good" },
  { value: "2", label: "2 stars: not great" },
  { value: "1", label: "1 star: poor" },
];

const THANKS: Record<"booked" | "no_show" | "not_booked", string> = {
  booked: "Thank you for your review! It helps other parents choose.",
  no_show: "Thank you for telling us. Our team will look into it, and we may email you about it.",
  not_booked: "Thank you for letting us know. There is nothing more to do.",
};

function Thanks({ answer, published, profileId, name }: { answer: keyof typeof THANKS; published: boolean; profileId: string; name: string }) {
  return (
    <Alert tone="success" title="Thank you!">
      <p>{THANKS[answer]}</p>
      {answer === "booked" ? (
        <p className="mt-2">
          {published ? "It is on their profile now." : "It goes on their profile within 7 days."}{" "}
          <Link to={`/profile/${profileId}`} className="font-semibold underline [overflow-wrap:anywhere]">
            See {name}&apos;s profile
          </Link>
        </p>
      ) : null}
    </Alert>
  );
}

export default function ReviewAnswer({ loaderData, actionData }: Route.ComponentProps) {
  const view = loaderData;
  const errors: Partial<Record<string, string>> = actionData?.kind === "invalid" ? actionData.errors : {};
  const values: Partial<Record<string, string>> | null = actionData?.kind === "invalid" ? actionData.values : null;
  let body;
  if (actionData?.kind === "answered" && view.state !== "invalid" && view.state !== "expired") {
    body = <Thanks answer={actionData.answer} published={actionData.published} profileId={actionData.profileId} name={view.performerName} />;
  } else if (actionData?.kind === "refused") {
    body = <Alert tone="error">{actionData.message}</Alert>;
  } else if (view.state === "invalid") {
    body = (
      <Alert tone="error" title={LINK_INVALID}>
        Please check you opened the whole link from the email. <Link to="/" className="font-semibold underline">Go to the home page</Link>
      </Alert>
    );
  } else if (view.state === "expired") {
    body = (
      <Alert tone="warning" title={LINK_EXPIRED}>
        Answers about {view.performerName} are closed now. Thank you all the same.
      </Alert>
    );
  } else if (view.state === "answered") {
    body = (
      <Alert tone="success" title="You have already answered">
        <p>{THANKS[view.answer]}</p>
        {view.reviewStatus ? <p className="mt-2">{view.reviewStatus}</p> : null}
      </Alert>
    );
  } else {
    const question = `Did ${view.performerName} perform at your event${view.partyDay ? ` on ${view.partyDay}` : ""}?`;
    body = (
      <div className="space-y-6">
        <p className="text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]">{question}</p>
        {errors.form ? <Alert tone="error">{errors.form}</Alert> : null}
        <Form method="post" encType="multipart/form-data" aria-labelledby="yes-heading" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="yes-heading" className="text-lg font-bold text-slate-900">
            Yes, they performed
          </h2>
          <input type="hidden" name="answer" value="booked" />
          <Fieldset legend="How was it?" error={errors.rating} id="rating">
            {RATINGS.map((r) => (
              <Choice key={r.value} type="radio" name="rating" value={r.value} label={r.label} defaultChecked={values?.rating === r.value} />
            ))}
          </Fieldset>
          <TextAreaField
            id="body"
            name="body"
            label="Your review"
            rows={6}
            maxLength={REVIEW_MAX_LENGTH}
            defaultValue={values?.body ?? ""}
            error={errors.body}
            hint={
              <>
                {REVIEW_MIN_LENGTH} to {REVIEW_MAX_LENGTH.toLocaleString("en-US")} characters. It is shown on their profile with your first name and
                last initial. Please keep it kind, family-friendly and about the party, as our{" "}
                <Link to="/guidelines" className="underline">
                  listing guidelines
                </Link>{" "}
                ask; web addresses show as plain text.
              </>
            }
          />
          <FieldShell
            id="photos"
            label={`Photos from the party (optional, up to ${MAX_REVIEW_PHOTOS})`}
            error={errors.photos}
            hint="JPEG, PNG or WEBP, 5 MB each. Only photos you took yourself, please; we remove location and camera details."
          >
            <input
              id="photos"
              type="file"
              name={REVIEW_PHOTO_FIELD}
              multiple
              accept={REVIEW_PHOTO_ACCEPT}
              aria-describedby={errors.photos ? "photos-hint photos-error" : "photos-hint"}
              aria-invalid={errors.photos ? true : undefined}
              className="block w-full text-sm text-slate-800 file:mr-3 file:min-h-11 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:font-semibold"
            />
          </FieldShell>
          <Button type="submit" size="lg">
            Post my review
          </Button>
        </Form>
        <Form method="post" aria-labelledby="no-show-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="no-show-heading" className="text-lg font-bold text-slate-900">
            They did not show up
          </h2>
          <input type="hidden" name="answer" value="no_show" />
          <TextAreaField
            id="note"
            name="note"
            label="What happened? (optional)"
            rows={3}
            maxLength={NOTE_MAX_LENGTH}
            defaultValue={values?.note ?? ""}
            error={errors.note}
            hint="Only our team reads this. We check every report before it counts."
          />
          <Button type="submit" variant="secondary">
            Report a no-show
          </Button>
        </Form>
        <Form method="post" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
          <input type="hidden" name="answer" value="not_booked" />
          <Button type="submit" variant="secondary">
            No, we did not book them
          </Button>
        </Form>
      </div>
    );
  }
  return (
    <div>
      <PageHeader title="How did the party go?" description="One quick answer helps other parents choose a performer." />
      <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6">{body}</div>
    </div>
  );
}
