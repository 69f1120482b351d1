import { useEffect, useRef, type MouseEvent } from "react";
import { Button, buttonClass } from "~/components/ui/Button";
import { ASK_ANYWAY_FIELD, type BookedWarning as Warning } from "~/lib/inquiry-fields";

/**
 * Asked in place of sending when a chosen performer marked the event date booked: "Ask anyway"
 * sends the same form again with the date agreed to (a submit button of the form, so it works
 * without JavaScript), or the visitor goes back to the date field to pick another day. It follows
 * the form's own send button: the first submit button is the one Enter in a field presses, and
 * that must never be the agreement.
 */
export function BookedWarning({ id, warning, dateFieldId }: { id: string; warning: Warning; dateFieldId: string }) {
  const box = useRef<HTMLDivElement>(null);
  // The visitor pressed Send at the foot of a long form: the question is where they look next.
  useEffect(() => box.current?.focus(), [warning]);

  function changeDate(event: MouseEvent<HTMLAnchorElement>) {
    const field = document.getElementById(dateFieldId);
    if (!field) return;
    event.preventDefault();
    field.focus();
  }

  return (
    <div
      ref={box}
      id={id}
      tabIndex={-1}
      role="alert"
      className="scroll-mt-36 rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-yellow-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-yellow-600"
    >
      <p className="font-semibold">{warning.text}</p>
      <p className="mt-1 text-sm">Nothing has been sent yet.</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button type="submit" name={ASK_ANYWAY_FIELD} value={warning.date} className="min-h-11">
          Ask anyway
        </Button>
        <a href={`#${dateFieldId}`} onClick={changeDate} className={buttonClass("secondary", "md", "min-h-11")}>
          Change the date
        </a>
      </div>
    </div>
  );
}

/**
 * At the top of the form, where a page sent without JavaScript lands: the send did not go, and the
 * question waits at the end of the form.
 */
export function BookedNotSent({ warningId }: { warningId: string }) {
  return (
    <p className="text-sm font-semibold text-yellow-900">
      Not sent yet: <a href={`#${warningId}`} className="underline hover:no-underline">see the question at the end of the form</a>.
    </p>
  );
}
