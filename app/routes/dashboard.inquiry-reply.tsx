import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/dashboard.inquiry-reply";
import { ThreadList } from "~/components/replies/ThreadList";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { SelectField, TextAreaField } from "~/components/ui/Field";
import { PageHeader } from "~/components/ui/PageHeader";
import { formatDay } from "~/lib/calendar";
import { parseForm, type FieldErrors } from "~/lib/form";
import { pageMeta, siteFrom } from "~/lib/meta";
import { REPLY_MAX_LENGTH, replyActionSchema } from "~/lib/saved-replies";
import { requireUser } from "~/server/auth/auth.server";
import { privateHeaders } from "~/server/http/cache-headers.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { declineInquiry, loadReplyPage, markAnsweredElsewhere, markInquiryDayBooked, sendReply } from "~/server/inquiries/replies.server";

// /dashboard/inquiries/:id/reply: answering one inquiry on a phone. A plain page of plain forms: a
// saved reply is chosen by a GET form (the server fills in the parent's name, the date, the package
// and its price), the reply posts here, and so do "Sorry, I'm booked that day", "I replied" (from
// the inquiry's own view on the dashboard) and marking the day booked after a decline.

const NOT_FOUND = "This inquiry was not found. It may have been deleted.";

function inquiryHref(id: string) {
  return `/dashboard?inquiry=${id}#inquiry`;
}

function replyHref(id: string) {
  return `/dashboard/inquiries/${id}/reply`;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const url = new URL(request.url);
  const view = await loadReplyPage(context.db, user.id, params.id, {
    template: url.searchParams.get("template") ?? "",
    packagePosition: url.searchParams.get("package") ?? "",
  });
  if (!view) throw data(NOT_FOUND, { status: 404, headers: privateHeaders() });
  return data(view, { headers: privateHeaders() });
}

/** A refusal: each message under its field's name (`form` for the page), with what was typed. */
function refuse(status: number, errors: FieldErrors, body = "") {
  return data({ errors, body }, { status, headers: privateHeaders() });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = parseForm(replyActionSchema, await request.formData());
  if (!form.ok) return refuse(400, form.errors, "body" in form.values ? form.values.body : "");
  const id = params.id;
  const missing = () => refuse(404, { form: NOT_FOUND });
  switch (form.data.intent) {
    case "send": {
      const outcome = await sendReply(context, user.id, id, form.data.body);
      if (outcome.kind === "missing") return missing();
      if (outcome.kind === "limited") return refuse(429, { body: outcome.message }, form.data.body);
      return redirectWithFlash(context, request, inquiryHref(id), { type: "success", message: "Reply sent. It is kept on the inquiry below." });
    }
    case "decline": {
      const outcome = await declineInquiry(context, user.id, id);
      if (outcome.kind === "missing") return missing();
      if (outcome.kind === "limited") return refuse(429, { form: outcome.message });
      if (outcome.kind === "already") return redirectWithFlash(context, request, `${replyHref(id)}#declined`, { type: "info", message: "You already said sorry for this one." });
      return redirectWithFlash(context, request, `${replyHref(id)}#declined`, { type: "success", message: "Your kind note is on its way, with a few other performers to ask." });
    }
    case "elsewhere": {
      const outcome = await markAnsweredElsewhere(context.db, user.id, id);
      if (outcome.kind === "missing") return missing();
      return redirectWithFlash(context, request, inquiryHref(id), { type: "success", message: "Marked as replied" });
    }
    case "mark-booked": {
      const outcome = await markInquiryDayBooked(context.db, user.id, id);
      if (outcome.status === "missing") return missing();
      if (outcome.status === "ok") {
        context.pagesChanged?.();
        return redirectWithFlash(context, request, `${replyHref(id)}#declined`, { type: "success", message: "That day is marked booked in your calendar." });
      }
      const message =
        outcome.status === "invalid"
          ? (Object.values(outcome.errors)[0] ?? "This day cannot be marked.")
          : outcome.status === "no-date"
            ? "This inquiry has no event date to mark."
            : "Create your profile first: your calendar belongs to it.";
      return refuse(400, { form: message });
    }
  }
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ ...siteFrom(matches), title: "Reply to an inquiry", description: "Answer a parent's inquiry.", path: "/dashboard", noindex: true });
}

export default function InquiryReply({ loaderData, actionData }: Route.ComponentProps) {
  const view = loaderData;
  const { inquiry } = view;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const date = inquiry.eventDate ? formatDay(inquiry.eventDate) : null;
  const bodyError = actionData?.errors.body ?? null;
  const formError = actionData?.errors.form ?? null;
  const declined = inquiry.status === "declined";
  const body = actionData?.body || view.prefill;

  return (
    <div>
      <PageHeader
        title={<span className="[overflow-wrap:anywhere]">Reply to {inquiry.senderName}</span>}
        description={date ? `About ${date}` : "No event date given"}
      />
      <div className="mx-auto max-w-2xl space-y-6 px-4 py-6 sm:px-6">
        <Link to={inquiryHref(inquiry.id)} className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
          <span aria-hidden="true">&larr;</span> Back to the inquiry
        </Link>
        {formError ? <Alert tone="error">{formError}</Alert> : null}

        <section aria-labelledby="their-message" className="space-y-2">
          <h2 id="their-message" className="text-lg font-bold text-slate-900">
            Their message
          </h2>
          <p className="whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-slate-50 p-4 text-slate-900">{inquiry.message}</p>
        </section>

        {inquiry.thread.length > 0 ? (
          <section aria-labelledby="thread-heading" className="space-y-2">
            <h2 id="thread-heading" className="text-lg font-bold text-slate-900">
              Your answers so far
            </h2>
            <ThreadList entries={inquiry.thread} viewer="performer" performerName="" />
          </section>
        ) : null}

        {declined ? (
          <section id="declined" aria-labelledby="declined-heading" className="scroll-mt-24 space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <h2 id="declined-heading" className="text-lg font-bold text-slate-900">
              You said sorry for this one
            </h2>
            {date && view.dayAhead && !view.dayBooked ? (
              <Form method="post" className="space-y-2">
                <p className="text-slate-800">Keep your calendar right, so parents searching for {date} see you are booked.</p>
                <input type="hidden" name="intent" value="mark-booked" />
                <Button type="submit" className="min-h-12 w-full sm:w-auto" disabled={busy === "mark-booked"}>
                  Mark {date} as booked
                </Button>
              </Form>
            ) : date && view.dayBooked ? (
              <p className="text-slate-800">{date} is marked in your calendar.</p>
            ) : null}
          </section>
        ) : null}

        <section aria-labelledby="write-heading" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <h2 id="write-heading" className="text-lg font-bold text-slate-900">
            Write a reply
          </h2>
          <Form method="get" className="space-y-3" preventScrollReset>
            <SelectField label="Start from a saved reply" name="template" defaultValue={view.chosenTemplate}>
              <option value="">Write my own</option>
              {view.templates.map((t) => (
                <option key={t.id} value={t.id}>
                  {t.title}
                </option>
              ))}
            </SelectField>
            {view.packages.length > 1 ? (
              <SelectField label="Package to quote" name="package" defaultValue={view.chosenPackage}>
                {view.packages.map((p) => (
                  <option key={p.position} value={String(p.position)}>
                    {p.label}
                  </option>
                ))}
              </SelectField>
            ) : null}
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" variant="secondary" className="min-h-11">
                Fill in
              </Button>
              <Link to="/dashboard/saved-replies" className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-700 hover:underline">
                Manage saved replies
              </Link>
            </div>
          </Form>
          <Form method="post" className="space-y-3" key={view.prefill} noValidate>
            <input type="hidden" name="intent" value="send" />
            <TextAreaField
              id="reply-body"
              label="Your reply"
              name="body"
              rows={9}
              maxLength={REPLY_MAX_LENGTH}
              required
              defaultValue={body}
              error={bodyError}
              hint={`${inquiry.senderName} will see your email address (${view.performerEmail}), so they can answer you directly.`}
            />
            <Button type="submit" size="lg" className="min-h-12 w-full sm:w-auto" disabled={busy === "send"}>
              Send reply
            </Button>
          </Form>
        </section>

        {!declined ? (
          <section aria-labelledby="decline-heading" className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <h2 id="decline-heading" className="text-lg font-bold text-slate-900">
              Can't make it?
            </h2>
            <p className="text-sm text-slate-800">
              One tap sends {inquiry.senderName} a kind note that you are booked{date ? ` on ${date}` : ""}, with up to three performers with similar
              shows nearby who have not marked that day as booked.
            </p>
            <Form method="post">
              <input type="hidden" name="intent" value="decline" />
              <Button type="submit" variant="secondary" className="min-h-12 w-full sm:w-auto" disabled={busy === "decline"}>
                Sorry, I'm booked that day
              </Button>
            </Form>
          </section>
        ) : null}
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const message = error && typeof error === "object" && "data" in error && typeof error.data === "string" ? error.data : "Something went wrong.";
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold text-slate-900">Inquiry not found</h1>
      <p className="mt-4 text-slate-700">{message}</p>
      <Link to="/dashboard" className="mt-8 inline-block rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
        Back to Dashboard
      </Link>
    </div>
  );
}
