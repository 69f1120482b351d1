import { useId } from "react";
import { useLocation } from "react-router";
import { Alert } from "~/components/ui/Alert";
import { FieldError } from "~/components/ui/Field";
import type { ShortlistInquiryActionResult } from "~/lib/inquiry-fields";
import { BookedNotSent, BookedWarning } from "./BookedWarning";
import { AskedPerformers, InquiryConfirmation } from "./LazyConfirmation";
import { InquiryFields } from "./InquiryFields";
import { useInquirySend } from "./useInquirySend";

/** "A", "A and B", "A, B and C". */
function namesInWords(names: string[]): string {
  if (names.length <= 1) return names.join("");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/**
 * "Ask them all" on /shortlist: the inquiry form's fields, once, for every performer given (the
 * server takes up to 5, see shortlistInquirySchema). Each performer receives their own message;
 * the confirmation says who was asked and who could not be. The event date starts from the list's
 * party date; when some of them marked it booked, the send asks once for all of them first.
 */
export function AskThemAllForm({ performers, eventDate }: { performers: { id: string; name: string }[]; eventDate?: string | null }) {
  const id = useId();
  const { search } = useLocation();
  // The page's own address, so a post without JavaScript comes back to the same (shared) list.
  const send = useInquirySend<ShortlistInquiryActionResult>({ key: "ask-them-all", action: `/shortlist${search}`, schema: "shortlistInquirySchema" });
  const { fetcher, result, sent, sending, errors, booked } = send;

  if (sent) {
    // The server names only listed performers; the visitor's own list knows the rest.
    const skipped = sent.skipped.map((performer) => ({
      ...performer,
      name: performer.name ?? performers.find((p) => p.id === performer.id)?.name ?? null,
    }));
    return (
      <InquiryConfirmation
        copy={sent.copy ? { sent: sent.copy, to: sent.sentTo.map((performer) => performer.name) } : undefined}
        onSendAnother={send.sendAnother}
      >
        <AskedPerformers sentTo={sent.sentTo} skipped={skipped} noticeTo={sent.noticeTo} hasCopy={sent.copy !== undefined} />
      </InquiryConfirmation>
    );
  }

  const failure = result && !result.ok && !sending ? (result.message ?? null) : null;
  const names = performers.map((performer) => performer.name);
  return (
    <fetcher.Form {...send.formProps} aria-label="Ask them all" className="space-y-5">
      {performers.map((performer) => (
        <input key={performer.id} type="hidden" name="profileIds" value={performer.id} />
      ))}
      <div className="space-y-1 text-sm text-slate-700">
        <p id={`${id}-profileIds`}>
          One message to {performers.length === 1 ? "" : `each of these ${performers.length} performers: `}
          <strong className="[overflow-wrap:anywhere]">{namesInWords(names)}</strong>.
        </p>
        <p>Each receives their own copy by email and replies to you directly; none sees whom else you asked. Fields marked * are required.</p>
        <FieldError id={`${id}-profileIds`} error={errors.profileIds} />
      </div>
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      {booked ? <BookedNotSent warningId={`${id}-booked`} /> : null}
      <InquiryFields
        id={id}
        send={send}
        submitLabel={performers.length > 1 ? `Send to all ${performers.length}` : "Send Message"}
        defaultEventDate={eventDate ?? undefined}
        keptAnswer={send.keptAnswer}
        afterSubmit={booked ? <BookedWarning id={`${id}-booked`} warning={booked} dateFieldId={`${id}-eventDate`} /> : null}
      />
    </fetcher.Form>
  );
}
