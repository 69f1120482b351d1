import { useEffect, useState, type FormEvent } from "react";

export type FieldErrorMap = Record<string, string>;

/** Moves focus to the first field with a message (a radio or checkbox group: its first box). */
function focusFirst(form: HTMLFormElement, errors: FieldErrorMap) {
  const first = Object.keys(errors)[0];
  const field = first ? form.elements.namedItem(first) : null;
  if (field instanceof HTMLElement) field.focus();
  else if (field instanceof RadioNodeList && field[0] instanceof HTMLElement) field[0].focus();
}

/**
 * The messages a form shows next to its fields: the browser's own check of the last submit
 * attempt, until the server answers, whose messages then take over. A field's message goes as soon
 * as the visitor changes that field.
 */
export function useFieldErrors(serverErrors: FieldErrorMap | undefined) {
  const [clientErrors, setClientErrors] = useState<FieldErrorMap | null>(null);
  // A new answer from the server replaces whatever the browser said before it.
  useEffect(() => setClientErrors(null), [serverErrors]);
  const errors = clientErrors ?? serverErrors ?? {};

  /** The result of checking the form before sending: null when it may be sent. */
  function report(form: HTMLFormElement, found: FieldErrorMap | null) {
    setClientErrors(found ?? {});
    if (found) focusFirst(form, found);
  }

  function clear(name: string) {
    setClientErrors((current) => {
      const base = current ?? serverErrors ?? {};
      if (!(name in base)) return current;
      const rest = { ...base };
      delete rest[name];
      return rest;
    });
  }

  /** For the form's onChange: clears the message of whichever field changed. */
  function clearChanged(event: FormEvent<HTMLFormElement>) {
    const target = event.target;
    if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) {
      clear(target.name);
    }
  }

  return { errors, report, clearChanged };
}
