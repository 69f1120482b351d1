import { useEffect, useRef, type FormEvent, type ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Alert } from "~/components/ui/Alert";
import { Button, buttonClass } from "~/components/ui/Button";
import type { InquiryDetailView } from "~/lib/inbox-view";
import { childAgeLabel, eventLengthLabel, startTimeLabel } from "~/lib/inquiry-fields";
import { telHref } from "~/lib/format";
import { ThreadList } from "~/components/replies/ThreadList";
import { StatusBadge } from "./InquiryList";
import { formatDate } from "./format";

const DELETE_CONFIRMATION = "Are you sure you want to delete this inquiry?";

/** The subject a reply starts with, so the parent recognises it among their mail. */
export function replySubject(siteName: string, inquiry: Pick<InquiryDetailView, "eventTypes" | "eventDate">): string {
  const event = inquiry.eventTypes.length ? inquiry.eventTypes.join(", ") : "your event";
  const date = inquiry.eventDate ? ` on ${formatDate(inquiry.eventDate)}` : "";
  return `Re: your ${siteName} inquiry about ${event}${date}`;
}

/** sms: takes the same digits as tel:. */
function smsHref(phone: string): string {
  return `sms:${phone.replace(/[^\d+]/g, "")}`;
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt className="font-medium text-slate-700">{term}</dt>
      <dd className="text-slate-900">{children}</dd>
    </div>
  );
}

function ActionIcon({ path }: { path: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
      <path d={path} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

const ICONS = {
  mail: "M4 6h16v12H4z M4 7l8 6 8-6",
  phone: "M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2",
  text: "M4 5h16v11H8l-4 4z",
  reply: "M9 14 4 9l5-5 M4 9h10a6 6 0 0 1 6 6v4",
};

/**
 * One inquiry in full. Answering the parent (email, call, text) comes first and large; reading and
 * deleting are housekeeping, quieter and below. Deleting asks first: with JavaScript through the
 * browser's confirm dialog, without it through a second step rendered by the page (`askToConfirm`).
 */
export function InquiryDetail({
  inquiry,
  siteName,
  backHref,
  selfHref,
  askToConfirm,
}: {
  inquiry: InquiryDetailView;
  siteName: string;
  backHref: string;
  selfHref: string;
  askToConfirm: boolean;
}) {
  const navigation = useNavigation();
  const pendingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const heading = useRef<HTMLHeadingElement>(null);

  // Opening an inquiry replaces the list the performer was looking at: move focus to what opened,
  // so keyboard and screen reader users continue from here (the hash already scrolled it into view).
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
  }, [inquiry.id]);

  function confirmDelete(event: FormEvent<HTMLFormElement>) {
    if (!window.confirm(DELETE_CONFIRMATION)) {
      event.preventDefault();
      return;
    }
    const field = event.currentTarget.elements.namedItem("confirmed");
    if (field instanceof HTMLInputElement) field.value = "yes";
  }

  const hasPhone = /\d/.test(inquiry.phoneNumber);
  const mailto = `mailto:${inquiry.senderEmail}?subject=${encodeURIComponent(replySubject(siteName, inquiry))}`;
  const main = buttonClass("primary", "lg", "min-h-12 w-full sm:w-auto");
  const alternative = buttonClass("secondary", "lg", "min-h-12 w-full sm:w-auto");
  const replyHref = `/dashboard/inquiries/${inquiry.id}/reply`;

  return (
    <article id="inquiry" aria-labelledby="inquiry-heading" className="scroll-mt-36 space-y-5">
      <Link to={backHref} className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
        <span aria-hidden="true">&larr;</span> Back to inquiries
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h3 id="inquiry-heading" ref={heading} tabIndex={-1} className="min-w-0 break-words text-xl font-bold text-slate-900 outline-none">
          Inquiry from {inquiry.senderName}
        </h3>
        <StatusBadge status={inquiry.status} />
      </div>

      <div className="grid gap-3 sm:flex sm:flex-wrap" data-testid="inquiry-replies">
        <Link to={replyHref} className={main}>
          <ActionIcon path={ICONS.reply} />
          Reply<span className="sr-only"> to {inquiry.senderName}</span>
        </Link>
        <a href={mailto} className={alternative}>
          <ActionIcon path={ICONS.mail} />
          Reply by email
        </a>
        {hasPhone ? (
          <>
            <a href={telHref(inquiry.phoneNumber)} className={alternative}>
              <ActionIcon path={ICONS.phone} />
              Call<span className="sr-only"> {inquiry.senderName}</span>
            </a>
            <a href={smsHref(inquiry.phoneNumber)} className={alternative}>
              <ActionIcon path={ICONS.text} />
              Text<span className="sr-only"> {inquiry.senderName}</span>
            </a>
          </>
        ) : null}
      </div>

      <p className="break-words text-sm text-slate-700">
        Reply sends your answer from {siteName}; {inquiry.senderName} will see your email address and can answer you directly.
      </p>
      {inquiry.status === "new" || inquiry.status === "read" ? (
        <Form method="post" action={replyHref} className="flex flex-wrap items-center gap-3 rounded-lg bg-slate-50 p-3">
          <input type="hidden" name="intent" value="elsewhere" />
          <p className="text-sm text-slate-800">Answered by email, phone or text?</p>
          <Button type="submit" variant="secondary" className="min-h-11" disabled={pendingIntent === "elsewhere"}>
            I replied
          </Button>
        </Form>
      ) : null}

      {inquiry.thread.length > 0 ? (
        <section aria-labelledby="thread-heading">
          <h4 id="thread-heading" className="text-sm font-medium text-slate-700">
            Your answers
          </h4>
          <div className="mt-1">
            <ThreadList entries={inquiry.thread} viewer="performer" performerName="" />
          </div>
        </section>
      ) : null}

      <div>
        <h4 className="text-sm font-medium text-slate-700">Message</h4>
        <p className="mt-1 whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-slate-50 p-4 text-slate-900">
          {inquiry.message}
        </p>
      </div>

      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        <Fact term="Event types">{inquiry.eventTypes.length ? inquiry.eventTypes.join(", ") : "Not specified"}</Fact>
        <Fact term="Event date">{inquiry.eventDate ? formatDate(inquiry.eventDate) : "Not given"}</Fact>
        {inquiry.eventStartTime ? <Fact term="Starts at">{startTimeLabel(inquiry.eventStartTime)}</Fact> : null}
        {inquiry.eventLengthMinutes ? <Fact term="Length">{eventLengthLabel(inquiry.eventLengthMinutes)}</Fact> : null}
        {inquiry.childrenCount ? (
          <Fact term="Children">
            {inquiry.childrenCount} {inquiry.childrenCount === 1 ? "child" : "children"}
          </Fact>
        ) : null}
        {inquiry.childAge !== null ? <Fact term="Child's age">{childAgeLabel(inquiry.childAge)}</Fact> : null}
        <Fact term="Location">
          {inquiry.city}, {inquiry.state} {inquiry.zip}
        </Fact>
        <Fact term="Received">{formatDate(inquiry.createdAt)}</Fact>
        <Fact term="Email">
          <a href={`mailto:${inquiry.senderEmail}`} className="break-all font-semibold text-brand-700 hover:underline">
            {inquiry.senderEmail}
          </a>
        </Fact>
        {hasPhone ? (
          <Fact term="Phone">
            <a href={telHref(inquiry.phoneNumber)} className="font-semibold text-brand-700 hover:underline">
              {inquiry.phoneNumber}
            </a>
          </Fact>
        ) : null}
      </dl>

      {askToConfirm ? (
        <Alert tone="warning" title={DELETE_CONFIRMATION}>
          <div className="mt-3 flex flex-wrap gap-3">
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={inquiry.id} />
              <input type="hidden" name="confirmed" value="yes" />
              <Button type="submit" variant="dangerConfirm" className="min-h-11">
                Yes, delete it
              </Button>
            </Form>
            <Link to={selfHref} className="inline-flex min-h-11 items-center rounded-md px-3 text-sm font-semibold text-slate-800 hover:bg-yellow-100">
              Cancel
            </Link>
          </div>
        </Alert>
      ) : null}

      <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-4">
        {!inquiry.isRead ? (
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="mark-read" />
            <input type="hidden" name="id" value={inquiry.id} />
            <Button type="submit" variant="secondary" className="min-h-11" disabled={pendingIntent === "mark-read"}>
              Mark as Read
            </Button>
          </Form>
        ) : null}
        <Form method="post" onSubmit={confirmDelete}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={inquiry.id} />
          <input type="hidden" name="confirmed" defaultValue="" />
          <Button
            type="submit"
            variant="secondary"
            className="min-h-11 text-red-800 hover:bg-red-50"
            disabled={pendingIntent === "delete"}
          >
            Delete
          </Button>
        </Form>
      </div>
    </article>
  );
}
