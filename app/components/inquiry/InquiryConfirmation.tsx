import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { ResponsiveImage } from "~/components/profile/ResponsiveImage";
import { buttonClass } from "~/components/ui/Button";
import { formatLocation } from "~/lib/format";
import { INQUIRY_SENT, type SkippedPerformer } from "~/lib/inquiry-fields";
import { priceLine, readsWithinLabel, type ProfileCardData } from "~/lib/profile-view";

/** How many similar performers the confirmation offers. */
const SIMILAR_SHOWN = 3;

interface InquiryConfirmationProps {
  /** What happens next, in the form's own words (one performer, or several). */
  children: ReactNode;
  similar?: ProfileCardData[];
  /** Shows a new, empty form; without JavaScript the link reloads the page, which has one. */
  onSendAnother: () => void;
}

/**
 * What replaces an inquiry form once the message is sent: the spec's "Message sent successfully!"
 * as its heading (focused, so a screen reader reads on from it and the view moves to it), what
 * happens next, the copy in the sender's mailbox, other performers to look at, and a way to send
 * another message. Rendered by the server too, for a post sent without JavaScript.
 */
export function InquiryConfirmation({ children, similar = [], onSendAnother }: InquiryConfirmationProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const similarHeading = useId();
  const location = useLocation();
  useEffect(() => heading.current?.focus(), []);
  const shown = similar.filter((performer) => !performer.isSample).slice(0, SIMILAR_SHOWN);

  function sendAnother(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    onSendAnother();
  }

  return (
    <div className="space-y-5">
      <div role="status" className="rounded-lg border border-green-200 bg-green-50 p-4 text-green-900">
        <h3 ref={heading} tabIndex={-1} className="flex scroll-mt-36 items-center gap-2 text-lg font-semibold focus:outline-none">
          <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 shrink-0 fill-current">
            <path d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.7-9.3-4.5 4.5a1 1 0 0 1-1.4 0l-2-2a1 1 0 1 1 1.4-1.4l1.3 1.3 3.8-3.8a1 1 0 0 1 1.4 1.4Z" />
          </svg>
          {INQUIRY_SENT}
        </h3>
        <div className="mt-2 space-y-2 text-sm">{children}</div>
      </div>
      {shown.length > 0 ? (
        // data-similar-offered: the page's own list of similar performers steps aside meanwhile (profile.tsx).
        <section aria-labelledby={similarHeading} className="space-y-3" data-similar-offered="">
          <h3 id={similarHeading} className="text-base font-semibold text-slate-900">
            You might also like
          </h3>
          <ul className="grid gap-3 sm:grid-cols-3">
            {shown.map((performer) => (
              <li key={performer.id}>
                <SimilarPerformer performer={performer} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <a href={`${location.pathname}${location.search}`} onClick={sendAnother} className={buttonClass("secondary", "lg", "w-full sm:w-auto")}>
        Send another message
      </a>
    </div>
  );
}

/** "What happens next" for a message to one performer. */
export function NextSteps({ performerName, readsWithinHours, copyTo }: { performerName: string; readsWithinHours?: number | null; copyTo?: string }) {
  const reads = readsWithinLabel(readsWithinHours);
  return (
    <>
      <p>
        {performerName} will reply to you directly by email or phone.
        {reads ? ` ${performerName} ${reads.charAt(0).toLowerCase()}${reads.slice(1)}.` : null}
      </p>
      <CopySent copyTo={copyTo} />
    </>
  );
}

/** The line about the sender's copy (app/server/mail/templates.server.ts, inquiryCopyEmail). */
export function CopySent({ copyTo }: { copyTo?: string }) {
  return (
    <p>
      We emailed a copy of your message to {copyTo ? <strong className="[overflow-wrap:anywhere]">{copyTo}</strong> : "you"}. If it is not in
      your inbox, look in your spam folder.
    </p>
  );
}

function SimilarPerformer({ performer }: { performer: ProfileCardData }) {
  const location = formatLocation(performer.city, performer.state);
  return (
    <Link
      to={`/profile/${encodeURIComponent(performer.id)}`}
      className="flex min-h-16 items-center gap-3 rounded-lg border border-slate-200 bg-white p-2 hover:border-brand-600 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-600"
    >
      <span className="relative h-14 w-14 shrink-0 overflow-hidden rounded-md bg-slate-100">
        <ResponsiveImage image={performer.image} alt="" sizes="56px" className="absolute inset-0 h-full w-full object-cover" />
      </span>
      <span className="min-w-0">
        <span className="block font-semibold text-slate-900 [overflow-wrap:anywhere]">{performer.displayName}</span>
        {location ? <span className="block text-sm text-slate-600">{location}</span> : null}
        <span className="block text-sm text-slate-600">{priceLine(performer.priceMin, performer.priceMax)}</span>
      </span>
    </Link>
  );
}

/** The shortlist's confirmation lines: who was asked, and who could not be. */
export function AskedPerformers({ sentTo, skipped, copyTo }: { sentTo: { id: string; name: string }[]; skipped: SkippedPerformer[]; copyTo?: string }) {
  return (
    <>
      <p>Your message went to {sentTo.length === 1 ? "this performer" : `these ${sentTo.length} performers`}, each on their own:</p>
      <ul className="list-disc pl-5">
        {sentTo.map((performer) => (
          <li key={performer.id}>
            <Link
              to={`/profile/${encodeURIComponent(performer.id)}`}
              className="inline-flex min-h-11 items-center font-medium underline [overflow-wrap:anywhere]"
            >
              {performer.name}
            </Link>
          </li>
        ))}
      </ul>
      {skipped.length > 0 ? (
        <>
          <p>Not sent to:</p>
          <ul className="list-disc space-y-1 pl-5">
            {skipped.map((performer) => (
              <li key={performer.id} className="[overflow-wrap:anywhere]">
                {performer.reason === "limit"
                  ? `${performer.name ?? "A performer"}: has received too many messages today. Please try again tomorrow.`
                  : `${performer.name ?? "A performer on your list"}: no longer listed.`}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p>Each performer will reply to you directly by email or phone. None of them can see whom else you asked.</p>
      <CopySent copyTo={copyTo} />
    </>
  );
}
