import type { FormEvent } from "react";
import type { z } from "zod";
import { useFieldErrors } from "~/components/ui/useFieldErrors";
import { fieldErrors, formValues, type FieldErrors } from "~/lib/auth-schemas";

/**
 * Instant validation with the same schema the action uses. Invalid input never leaves the browser
 * (when JavaScript runs); the server's errors, when a submission got through anyway, replace ours.
 */
export function useFormValidation(schema: z.ZodType, serverErrors: FieldErrors | undefined) {
  const { errors, report, clearChanged } = useFieldErrors(serverErrors);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const result = schema.safeParse(formValues(new FormData(form)));
    if (!result.success) event.preventDefault();
    report(form, result.success ? null : fieldErrors(result.error));
  }

  return { errors, onSubmit, clearChanged };
}
