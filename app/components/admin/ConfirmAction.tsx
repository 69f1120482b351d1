import { useEffect, useId, useRef } from "react";
import { Form, Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/Button";
import { TextAreaField } from "~/components/ui/Field";
import { useFieldErrors } from "~/components/ui/useFieldErrors";
import { CONFIRMATIONS, confirmedPost } from "~/lib/admin-messages";
import { ADMIN_NOTES_MAX, ADMIN_REASON_MAX, adminActionSchema } from "~/lib/admin-schema";
import type { ConfirmationAnswer, PendingConfirmation } from "~/lib/admin-view";

/**
 * The question before an admin action, as a modal dialog: what happens, on which record, and for
 * Reject and Deactivate the reason the email gives (required, checked here and by the action).
 * Rendered open by the server too, so a page without JavaScript shows it in place; with JavaScript it
 * becomes modal (focus kept inside, Escape cancels). `cancel` is where Cancel goes without
 * JavaScript (the page as it was); `onCancel`, when given, closes it in place instead.
 */
export function ConfirmDialog({
  pending,
  action,
  onCancel,
  onSent,
  serverErrors,
  values,
}: {
  pending: PendingConfirmation;
  /** The page's own address, which the form posts to and Cancel returns to. */
  action: string;
  onCancel?: () => void;
  /** Called once a valid confirmation is on its way (the opener closes its dialog). */
  onSent?: () => void;
  serverErrors?: ConfirmationAnswer["errors"];
  values?: ConfirmationAnswer["values"];
}) {
  const text = CONFIRMATIONS[pending.kind];
  const dialog = useRef<HTMLDialogElement>(null);
  const cancelLink = useRef<HTMLAnchorElement>(null);
  const { errors, onSubmit, clearChanged } = useFieldErrors(serverErrors, adminActionSchema);
  const ids = useId();
  const titleId = `${ids}-title`;
  const textId = `${ids}-text`;

  useEffect(() => {
    const element = dialog.current;
    if (!element || typeof element.showModal !== "function") return;
    if (element.open) element.close();
    element.showModal();
    // The reason to write, or else Cancel: never the button that acts.
    element.querySelector<HTMLElement>("textarea, [data-cancel]")?.focus();
  }, [pending.kind, pending.id]);

  function cancel() {
    if (onCancel) {
      dialog.current?.close();
      onCancel();
    } else cancelLink.current?.click();
  }

  const fieldName = text.field === "reason" ? "reason" : "notes";
  return (
    <dialog
      ref={dialog}
      // Open as sent by the server (the page without JavaScript shows it in place); opened by a button, the effect shows it modal.
      open={onCancel ? undefined : true}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onCancel={(event) => {
        event.preventDefault();
        cancel();
      }}
      data-testid="confirm-dialog"
      className="fixed inset-0 z-40 m-auto max-h-[calc(100%-2rem)] w-[min(30rem,calc(100%-2rem))] overflow-y-auto rounded-xl border border-slate-200 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/50 sm:p-6"
    >
      <h2 id={titleId} className="text-lg font-semibold">
        {text.title}
      </h2>
      <div id={textId} className="mt-2 space-y-2 text-sm text-slate-700">
        <p className="break-words font-medium text-slate-900">{pending.label}</p>
        {text.body ? <p>{text.body}</p> : null}
      </div>
      <Form
        method="post"
        action={action}
        noValidate
        onChange={clearChanged}
        onSubmit={(event) => {
          onSubmit(event);
          if (!event.defaultPrevented) onSent?.();
        }}
        className="mt-4 space-y-4"
      >
        {Object.entries(confirmedPost(pending.kind)).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="id" value={pending.id} />
        <input type="hidden" name="confirmed" value="yes" />
        {text.field !== "none" ? (
          <TextAreaField
            id={`${ids}-${fieldName}`}
            name={fieldName}
            label={text.field === "reason" ? "Reason" : "Note to the applicant (optional)"}
            required={text.field === "reason"}
            hint={text.hint}
            rows={3}
            maxLength={text.field === "reason" ? ADMIN_REASON_MAX : ADMIN_NOTES_MAX}
            defaultValue={values?.[fieldName] ?? ""}
            error={errors[fieldName]}
          />
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          {onCancel ? (
            <Button data-cancel variant="secondary" onClick={cancel}>
              Cancel
            </Button>
          ) : (
            <Link ref={cancelLink} data-cancel to={action} replace preventScrollReset className={buttonClass("secondary")}>
              Cancel
            </Link>
          )}
          <Button type="submit" variant={text.destructive ? "dangerConfirm" : "primary"}>
            {text.confirm}
          </Button>
        </div>
      </Form>
    </dialog>
  );
}

/** The question as the action answered it: without JavaScript, or a reason the server refused. */
export function ConfirmationStep({ answer, action }: { answer: ConfirmationAnswer; action: string }) {
  if (!answer.confirmation) return null;
  return <ConfirmDialog key={`${answer.confirmation.kind}:${answer.confirmation.id}`} pending={answer.confirmation} action={action} serverErrors={answer.errors} values={answer.values} />;
}
