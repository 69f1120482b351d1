import { Fragment, useEffect, useId, useRef, type MouseEvent, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { ResponsiveImage } from "~/components/profile/ResponsiveImage";
import { buttonClass } from "~/components/ui/Button";
import { formatLocation } from "~/lib/format";
import { INQUIRY_SENT, type SentCopy, type SkippedPerformer } from "~/lib/inquiry-fields";
import { priceLine, readsWithinLabel, type ProfileCardData } from "~/lib/profile-view";

/** How many similar performers the confirmation offers. */
const SIMILAR_SHOWN = 3;

interface InquiryConfirmationProps {
  /** What happens next, in the form's own words (one performer, or several). */
  children: ReactNode;
  /** What was sent and to whom: the sender's only copy, since no mail repeats it. */
  copy?: { sent: SentCopy; to: string[] };
  similar?: ProfileCardData[];
  /** Shows a new, empty form; without JavaScript the link reloads the page, which has one. */
  onSendAnother: () => void;
}

/**
 * What replaces an inquiry form once the message is sent: the spec's "Message sent successfully!"
 * as its heading (focused, so a screen reader reads on from it and the view moves to it), what
 * happens next, the sender's copy of what they sent, other performers to look at, and a way to send
 * another message. Rendered by the server too, for a post sent without JavaScript.
 */
export function InquiryConfirmation({ children, copy, similar = [], onSendAnother }: InquiryConfirmationProps) {
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
      {copy ? <YourCopy sent={copy.sent} to={copy.to} /> : null}
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
export function NextSteps({
  performerName,
  readsWithinHours,
  replyLine,
  noticeTo,
  hasCopy,
}: {
  performerName: string;
  readsWithinHours?: number | null;
  replyLine?: string | null;
  noticeTo?: string;
  hasCopy: boolean;
}) {
  // The reply figures, once known, say more than reading does: "... usually replies within 3 hours and replies to 95% of inquiries."
  const reads = replyLine ? replyLine.replace(" · ", " and ") : readsWithinLabel(readsWithinHours);
  return (
    <>
      <p>
        {performerName} will reply to you directly by email or phone.
        {reads ? ` ${performerName} ${reads.charAt(0).toLowerCase()}${reads.slice(1)}.` : null}
      </p>
      <NoticeSent noticeTo={noticeTo} hasCopy={hasCopy} />
    </>
  );
}

/**
 * What was emailed to the sender's address (app/server/mail/templates.server.ts, inquiryCopyEmail):
 * only a note naming whom they wrote to, and none at all once that address had its notes for the day.
 */
export function NoticeSent({ noticeTo, hasCopy }: { noticeTo?: string; hasCopy: boolean }) {
  const keep = hasCopy ? " Your copy of the message is below: save or print this page to keep it." : null;
  if (!noticeTo) return <p>We did not email you about this message.{keep}</p>;
  return (
    <p>
      We emailed <strong className="[overflow-wrap:anywhere]">{noticeTo}</strong> a short note naming whom you wrote to. It does not repeat
      your message.{keep}
    </p>
  );
}

/** The message as the performers received it, shown back to its sender (and never mailed to them). */
function YourCopy({ sent, to }: { sent: SentCopy; to: string[] }) {
  const heading = useId();
  const rows: [string, string][] = [["To", to.join(", ")], ...sent.details, ["Message", sent.message]];
  return (
    <section aria-labelledby={heading} className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 id={heading} className="text-base font-semibold text-slate-900">
        Your copy of the message
      </h3>
      {/* One column on a phone (each label above its value), two from the small breakpoint. */}
      <dl className="mt-3 grid grid-cols-1 gap-x-4 text-sm sm:grid-cols-[max-content_minmax(0,1fr)] sm:gap-y-2">
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt className="font-medium text-slate-600">{label}</dt>
            <dd className="mb-2 whitespace-pre-wrap text-slate-900 [overflow-wrap:anywhere] sm:mb-0">{value}</dd>
          </Fragment>
        ))}
      </dl>
    </section>
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

/** Why a shortlisted performer was not sent the message. */
function notSentBecause(performer: SkippedPerformer): string {
  if (performer.reason === "limit") return `${performer.name ?? "A performer"}: has received too many messages today. Please try again tomorrow.`;
  if (performer.reason === "repeat") {
    return `${performer.name ?? "A performer"}: you have sent them as many messages today as one visitor can. Please try again tomorrow.`;
  }
  return `${performer.name ?? "A performer on your list"}: no longer listed.`;
}

/** The shortlist's confirmation lines: who was asked, and who could not be. */
export function AskedPerformers({
  sentTo,
  skipped,
  noticeTo,
  hasCopy,
}: {
  sentTo: { id: string; name: string }[];
  skipped: SkippedPerformer[];
  noticeTo?: string;
  hasCopy: boolean;
}) {
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
                {notSentBecause(performer)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p>Each performer will reply to you directly by email or phone. None of them can see whom else you asked.</p>
      <NoticeSent noticeTo={noticeTo} hasCopy={hasCopy} />
    </>
  );
}
