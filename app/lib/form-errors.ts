import type { z } from "zod";

// Shared by every form's schema: how a failed parse becomes one message per field, and how a
// submitted form becomes the plain object the schemas read.

export type FieldErrors = Record<string, string>;

/** The first message per field, keyed by the field's name. */
export function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** A form's string fields as a plain object (the first value of a repeated key; files ignored). */
export function formValues(form: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value === "string" && !(key in values)) values[key] = value;
  }
  return values;
}
