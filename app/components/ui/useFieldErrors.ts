import { useEffect, useRef, useState, type FormEvent } from "react";
import type { z } from "zod";
import { parseForm, type FieldErrors } from "~/lib/form";

/**
 * A schema imported on demand (`() => import("~/lib/x-schema").then((m) => m.xSchema)`), so Zod and
 * the schema are not part of the page's first download: they load when the visitor first focuses a
 * field of the form, long before they submit.
 */
export type SchemaLoader = () => Promise<z.ZodType>;

/** Moves focus to the first field with a message (a radio or checkbox group: its first box). */
function focusFirst(form: HTMLFormElement, errors: FieldErrors) {
  const first = Object.keys(errors)[0];
  const field = first ? form.elements.namedItem(first) : null;
  if (field instanceof HTMLElement) field.focus();
  else if (field instanceof RadioNodeList && field[0] instanceof HTMLElement) field[0].focus();
}

/**
 * The messages a form shows next to its fields (the browser half of the form protocol, see
 * app/lib/form.ts): the browser's own check of the last submit attempt, until the server answers,
 * whose messages then take over. A field's message goes as soon as the visitor changes that field.
 *
 * With a schema, `onSubmit` runs the action's own parse (parseForm) and stops an invalid post.
 * A form that checks another way (the inquiry form loads its schema on demand) calls `report`.
 * With a SchemaLoader, the form also spreads `onFocus={preload}`; a submit that comes before the
 * schema has arrived waits for it, checks, and submits again (same button) if the form is valid.
 */
export function useFieldErrors(serverErrors: FieldErrors | undefined, schema?: z.ZodType | SchemaLoader) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const loaded = useRef<z.ZodType | null>(null);
  const loading = useRef<Promise<z.ZodType | null> | null>(null);
  // A new answer from the server replaces whatever the browser said before it.
  useEffect(() => setClientErrors(null), [serverErrors]);
  const errors = clientErrors ?? serverErrors ?? {};

  /** The result of checking the form before sending: null when it may be sent. */
  function report(form: HTMLFormElement, found: FieldErrors | null) {
    setClientErrors(found ?? {});
    if (found) focusFirst(form, found);
  }

  /** Starts loading a SchemaLoader's schema; null when it could not load (the server still checks). */
  function preload(): Promise<z.ZodType | null> | null {
    if (typeof schema !== "function") return null;
    loading.current ??= schema().then(
      (loadedSchema) => (loaded.current = loadedSchema),
      () => {
        // Offline or a new deployment: let the next attempt try again, and the server check this one.
        loading.current = null;
        return null;
      },
    );
    return loading.current;
  }

  /** For the form's onSubmit: checks with the schema and keeps invalid input in the browser. */
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!schema) return;
    const form = event.currentTarget;
    const ready = typeof schema === "function" ? loaded.current : schema;
    if (!ready) {
      const pending = preload();
      if (!pending) return;
      event.preventDefault();
      const submitter = (event.nativeEvent as SubmitEvent).submitter;
      void pending.then((arrived) => {
        // Checked now (the next submit finds the schema ready); unloadable, the server checks.
        if (arrived) form.requestSubmit(submitter);
        else form.submit();
      });
      return;
    }
    const result = parseForm(ready, new FormData(form));
    if (!result.ok) event.preventDefault();
    report(form, result.ok ? null : result.errors);
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

  return { errors, report, onSubmit, clearChanged, preload };
}

/**
 * The props a form gives each of its fields under the protocol: an id under the form's own, the name
 * the schema reads, what was typed before (a page rendered without JavaScript keeps it) and the
 * field's message. `field("email")` goes on the email field, beside its label and attributes.
 */
export function fieldBinder<Values extends object>(formId: string, kept: Values | undefined, errors: FieldErrors) {
  return <Name extends keyof Values & string>(name: Name) => ({
    id: `${formId}-${name}`,
    name,
    defaultValue: kept?.[name],
    error: errors[name],
  });
}
