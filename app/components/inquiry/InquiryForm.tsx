import { useId } from "react";
import { Alert } from "~/components/ui/Alert";
import type { InquiryActionResult } from "~/lib/inquiry-fields";
import type { CardAvailability } from "~/lib/party-date-view";
import type { ProfileCardData } from "~/lib/profile-view";
import { BookedNotSent, BookedWarning } from "./BookedWarning";
import { InquiryConfirmation, NextSteps } from "./LazyConfirmation";
import { InquiryFields } from "./InquiryFields";
import { PartyDateNote } from "./PartyDateNote";
import { useInquirySend } from "./useInquirySend";

export interface InquiryFormProps {
  profileId: string;
  performerName: string;
  /** Where the form posts; the profile page's own action by default. */
  action?: string;
  /** The id of the element a post without JavaScript lands at (the contact section). */
  landAt?: string;
  /** Other performers to offer once the message is sent. */
  similar?: ProfileCardData[];
  /** How soon the performer usually reads inquiries, when enough is known to say. */
  readsWithinHours?: number | null;
  /** "Usually replies within 3 hours · replies to 95% of inquiries", worded by the server; it replaces the reads line. */
  replyLine?: string | null;
  /** The party date the visitor came with (`?date=`) and what the performer's calendar says of it. */
  partyDate?: CardAvailability | null;
}

/**
 * The inquiry form on a profile (see useInquirySend for how it sends, with or without JavaScript).
 * Once sent, a confirmation takes its place, so a second send is a choice rather than an accident.
 */
export function InquiryForm({ profileId, performerName, action, landAt, similar, readsWithinHours, replyLine, partyDate }: InquiryFormProps) {
  const id = useId();
  const send = useInquirySend<InquiryActionResult>({
    key: `inquiry-${profileId}`,
    action: action ?? `/profile/${encodeURIComponent(profileId)}`,
    schema: "inquirySchema",
    landAt,
  });
  const { fetcher, result, sent, sending, booked } = send;

  if (sent) {
    return (
      <InquiryConfirmation
        similar={similar}
        copy={sent.copy ? { sent: sent.copy, to: [performerName] } : undefined}
        onSendAnother={send.sendAnother}
      >
        <NextSteps
          performerName={performerName}
          readsWithinHours={readsWithinHours}
          replyLine={replyLine}
          noticeTo={sent.noticeTo}
          hasCopy={sent.copy !== undefined}
        />
      </InquiryConfirmation>
    );
  }

  const failure = result && !result.ok && !sending ? (result.message ?? null) : null;
  return (
    <fetcher.Form {...send.formProps} aria-label={`Send ${performerName} a message`} className="space-y-5">
      <input type="hidden" name="intent" value="inquiry" />
      {partyDate ? <PartyDateNote availability={partyDate} /> : null}
      <p className="text-sm text-slate-700">
        Your message goes to {performerName} by email. They reply to you directly; fields marked * are required.
      </p>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      {booked ? <BookedNotSent warningId={`${id}-booked`} /> : null}
      <InquiryFields
        id={id}
        send={send}
        submitLabel="Send Message"
        defaultEventDate={partyDate?.date}
        keptAnswer={send.keptAnswer}
        afterSubmit={booked ? <BookedWarning id={`${id}-booked`} warning={booked} dateFieldId={`${id}-eventDate`} /> : null}
      />
    </fetcher.Form>
  );
}
