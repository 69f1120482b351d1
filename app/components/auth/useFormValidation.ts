import { useEffect, useState, type FormEvent } from "react";
import type { z } from "zod";
import { fieldErrors, formValues, type FieldErrors } from "~/lib/auth-schemas";

/**
 * Instant validation with the same schema the action uses. Invalid input never leaves the browser
 * (when JavaScript runs); the server's errors, when a submission got through anyway, replace ours.
 */
export function useFormValidation(schema: z.ZodType, serverErrors: FieldErrors | undefined) {
  const [errors, setErrors] = useState<FieldErrors>(serverErrors ?? {});
  useEffect(() => setErrors(serverErrors ?? {}), [serverErrors]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const result = schema.safeParse(formValues(new FormData(form)));
    if (result.success) {
      setErrors({});
      return;
    }
    event.preventDefault();
    const next = fieldErrors(result.error);
    setErrors(next);
    const first = Object.keys(next)[0];
    const field = first ? form.elements.namedItem(first) : null;
    if (field instanceof HTMLElement) field.focus();
  }

  /** Clears a field's message once the user edits it. */
  function clear(name: string) {
    setErrors((current) => {
      if (!(name in current)) return current;
      const rest = { ...current };
      delete rest[name];
      return rest;
    });
  }

  return { errors, onSubmit, clear };
}
