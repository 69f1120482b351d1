import type { FormEvent } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { ReadBadge } from "./InquiryTable";
import { formatDate } from "./format";
import type { InquiryDetailView } from "~/lib/inbox-view";
import { telHref } from "~/lib/format";

const DELETE_CONFIRMATION = "Are you sure you want to delete this inquiry?";

/**
 * One inquiry in full. Deleting asks first: with JavaScript through the browser's confirm dialog,
 * without it through a second step rendered by the page (`askToConfirm`).
 */
export function InquiryDetail({
  inquiry,
  backHref,
  selfHref,
  askToConfirm,
}: {
  inquiry: InquiryDetailView;
  backHref: string;
  selfHref: string;
  askToConfirm: boolean;
}) {
  const navigation = useNavigation();
  const pendingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;

  function confirmDelete(event: FormEvent<HTMLFormElement>) {
    if (!window.confirm(DELETE_CONFIRMATION)) {
      event.preventDefault();
      return;
    }
    const field = event.currentTarget.elements.namedItem("confirmed");
    if (field instanceof HTMLInputElement) field.value = "yes";
  }

  return (
    <article aria-labelledby="inquiry-heading" className="space-y-5">
      <Link to={backHref} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
        <span aria-hidden="true">&larr;</span> Back to inquiries
      </Link>
      <div className="flex flex-wrap items-center gap-3">
        <h3 id="inquiry-heading" className="text-xl font-bold text-slate-900">
          Inquiry from {inquiry.senderName}
        </h3>
        <ReadBadge isRead={inquiry.isRead} />
      </div>
      <dl className="grid gap-4 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-medium text-slate-700">Received</dt>
          <dd className="text-slate-900">{formatDate(inquiry.createdAt)}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700">Email</dt>
          <dd>
            <a href={`mailto:${inquiry.senderEmail}`} className="break-all font-semibold text-brand-700 hover:underline">
              {inquiry.senderEmail}
            </a>
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700">Phone</dt>
          <dd>
            <a href={telHref(inquiry.phoneNumber)} className="font-semibold text-brand-700 hover:underline">
              {inquiry.phoneNumber}
            </a>
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700">Location</dt>
          <dd className="text-slate-900">
            {inquiry.city}, {inquiry.state} {inquiry.zip}
          </dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700">Event types</dt>
          <dd className="text-slate-900">{inquiry.eventTypes.length ? inquiry.eventTypes.join(", ") : "Not specified"}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-700">Event date</dt>
          <dd className="text-slate-900">{inquiry.eventDate ? formatDate(inquiry.eventDate) : "Not given"}</dd>
        </div>
      </dl>
      <div>
        <h4 className="text-sm font-medium text-slate-700">Message</h4>
        <p className="mt-1 whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-slate-50 p-4 text-slate-900">
          {inquiry.message}
        </p>
      </div>

      {askToConfirm ? (
        <Alert tone="warning" title={DELETE_CONFIRMATION}>
          <div className="mt-3 flex flex-wrap gap-3">
            <Form method="post">
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={inquiry.id} />
              <input type="hidden" name="confirmed" value="yes" />
              <Button type="submit" variant="danger" size="sm">
                Yes, delete it
              </Button>
            </Form>
            <Link to={selfHref} className="rounded-md px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-yellow-100">
              Cancel
            </Link>
          </div>
        </Alert>
      ) : null}

      <div className="flex flex-wrap gap-3">
        {!inquiry.isRead ? (
          <Form method="post">
            <input type="hidden" name="intent" value="mark-read" />
            <input type="hidden" name="id" value={inquiry.id} />
            <Button type="submit" disabled={pendingIntent === "mark-read"}>
              Mark as Read
            </Button>
          </Form>
        ) : null}
        <Form method="post" onSubmit={confirmDelete}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={inquiry.id} />
          <input type="hidden" name="confirmed" defaultValue="" />
          <Button type="submit" variant="danger" disabled={pendingIntent === "delete"}>
            Delete
          </Button>
        </Form>
      </div>
    </article>
  );
}
