import type { z } from "zod";

// The form protocol: every form on the site is handled this way, and new forms copy it.
//
// 1. One Zod schema per form, in app/lib, with the product spec's messages.
// 2. The route's action parses the post: `parseForm(schema, await request.formData())`. A form
//    anyone may post without signing in (inquiry, free listing) uses `readPublicForm(request,
//    schema)` instead, which adds the honeypot check (render `<HoneypotField />` in the form) and
//    survives a body that is not a form; its server function answers both `dropped` cases.
// 3. On `ok: false` the action answers `errors` (one message per field, status 400 unless the page
//    says otherwise) and `values` (what was typed, so a page rendered without JavaScript keeps it).
//    On `ok: true` it hands `data` to one server function: server modules receive parsed data and
//    never read FormData themselves.
// 4. The browser runs the same parse before sending, through `useFieldErrors(serverErrors, schema)`
//    (app/components/ui): invalid input never leaves the page, a field's message goes as soon as
//    that field changes, and the server's messages replace the browser's when they arrive. The
//    account pages wrap this in `AuthForm` and `EmailField` (app/components/auth).
//
// How a post becomes the schema's input (`formInput`), decided by each field's schema:
// - an array field (`z.array(...)`, also behind .default/.transform/.pipe) reads every value of its
//   key, so repeated keys (checkbox groups: categories, event types) arrive as a list;
// - a boolean field is a checkbox: true when its key was posted at all;
// - every other field reads the first text value of its key;
// - a missing key reads as "" (or [] or false), so "required" messages come from the schema's
//   own `.min(1, "... is required")`, never from Zod's generic type error.
// Keys the schema does not declare are ignored, and files are never read as text.

// Text that may reach the database, an email or a log line: no control characters. PostgreSQL
// refuses a NUL byte outright, and a line break in a one-line field (a name) would start a line of
// the visitor's choosing in the email it goes into. Multi-line texts keep tab and line breaks.

/**
 * Whether the text holds a control character (C0 or DEL). Tab, line feed and carriage return are
 * allowed only when `multiLine` (a textarea posts its line breaks as CRLF).
 */
export function hasControlCharacter(value: string, multiLine = false): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (multiLine && (code === 0x09 || code === 0x0a || code === 0x0d)) continue;
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

export const UNSUPPORTED_CHARACTERS = "Please remove unsupported characters";
export const ONE_LINE_ONLY = "Please keep this on one line";

/** Adds the one-line rule to a text field's schema: a control character's message, else a line break's. */
export function oneLine(schema: z.ZodString): z.ZodString {
  return schema
    .refine((v) => !hasControlCharacter(v, true), UNSUPPORTED_CHARACTERS)
    .refine((v) => !hasControlCharacter(v), ONE_LINE_ONLY);
}

/** Adds the multi-line rule to a text field's schema (textareas: tab and line breaks allowed). */
export function multiLine(schema: z.ZodString): z.ZodString {
  return schema.refine((v) => !hasControlCharacter(v, true), UNSUPPORTED_CHARACTERS);
}

/** The fields whose posted text holds a control character no field accepts. */
function fieldsWithControlCharacters(values: Record<string, unknown>): string[] {
  const unsafe = (value: unknown) => typeof value === "string" && hasControlCharacter(value, true);
  return Object.entries(values)
    .filter(([, value]) => (Array.isArray(value) ? value.some(unsafe) : unsafe(value)))
    .map(([name]) => name);
}

/** One message per field, keyed by the field's name. */
export type FieldErrors = Record<string, string>;

type FieldValue<T> = NonNullable<T> extends readonly unknown[] ? string[] : NonNullable<T> extends boolean ? boolean : string;
type ValuesOf<T> = T extends unknown ? { [K in keyof T]-?: FieldValue<T[K]> } : never;

/** What a form holds for a schema, as typed: text as strings, checkbox groups as lists, checkboxes as booleans. */
export type FormValues<S extends z.ZodType> = ValuesOf<z.input<S>>;

export type FormResult<S extends z.ZodType> =
  | { ok: true; data: z.output<S>; values: FormValues<S> }
  | { ok: false; errors: FieldErrors; values: FormValues<S> };

/** The first message per field, keyed by the field's name (`form` for an issue about the whole form). */
function fieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

// The parts of a Zod schema's definition that say how its fields are read.
interface SchemaDef {
  type: string;
  shape?: Record<string, z.ZodType>;
  options?: readonly z.ZodType[];
  in?: z.ZodType;
  out?: z.ZodType;
  innerType?: z.ZodType;
}

const defOf = (schema: z.ZodType) => schema._zod.def as SchemaDef;

type FieldKind = "list" | "checkbox" | "text";

function fieldKind(schema: z.ZodType): FieldKind {
  const def = defOf(schema);
  if (def.type === "array") return "list";
  if (def.type === "boolean") return "checkbox";
  // A transform or pipe reads what its first stage reads; a preprocess (a pipe from a transform) what it feeds.
  if (def.type === "pipe" && def.in && def.out) return fieldKind(defOf(def.in).type === "transform" ? def.out : def.in);
  if (def.innerType) return fieldKind(def.innerType); // default, optional, nullable, catch, readonly...
  return "text";
}

/** Every field a schema declares (all branches of a union), with how each is read. */
function formFields(schema: z.ZodType, fields = new Map<string, FieldKind>()): Map<string, FieldKind> {
  const def = defOf(schema);
  if (def.shape) {
    for (const [name, field] of Object.entries(def.shape)) if (!fields.has(name)) fields.set(name, fieldKind(field));
  } else if (def.options) {
    for (const option of def.options) formFields(option, fields);
  } else if (def.type === "pipe" && def.in) {
    formFields(def.in, fields);
  } else if (def.innerType) {
    formFields(def.innerType, fields);
  }
  return fields;
}

/** A posted form (or the browser's live form) as the schema's input; see the rules above. */
export function formInput<S extends z.ZodType>(schema: S, formData: FormData): FormValues<S> {
  const input: Record<string, string | string[] | boolean> = {};
  for (const [name, kind] of formFields(schema)) {
    if (kind === "checkbox") {
      input[name] = formData.has(name);
    } else {
      const texts = formData.getAll(name).filter((value): value is string => typeof value === "string");
      input[name] = kind === "list" ? texts : (texts[0] ?? "");
    }
  }
  return input as FormValues<S>;
}

/**
 * Checks form values (as `formInput` reads them) against the schema. Whatever a schema says, no
 * field of any form passes with a control character in it (tab and line breaks aside), so a
 * forgotten rule never lets one reach SQL; the field's own message wins when it has one.
 */
export function parseValues<S extends z.ZodType>(schema: S, values: FormValues<S>): FormResult<S> {
  const parsed = schema.safeParse(values);
  const unsafe = fieldsWithControlCharacters(values as Record<string, unknown>);
  if (parsed.success && unsafe.length === 0) return { ok: true, data: parsed.data, values };
  const errors = parsed.success ? {} : fieldErrors(parsed.error);
  for (const name of unsafe) if (!(name in errors)) errors[name] = UNSUPPORTED_CHARACTERS;
  return { ok: false, errors, values };
}

/** The one way a form is read: the post as the schema's input, parsed; on failure one message per field. */
export function parseForm<S extends z.ZodType>(schema: S, formData: FormData): FormResult<S> {
  return parseValues(schema, formInput(schema, formData));
}

/**
 * The hidden field public forms carry (see HoneypotField). People never see it; bots that fill
 * every field give themselves away, and the form answers them as if it worked.
 */
export const HONEYPOT_FIELD = "company_website";

export function honeypotFilled(formData: FormData): boolean {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}

/** A public form's post as its route hands it on: parsed, or dropped before parsing (and why). */
export type PublicFormResult<S extends z.ZodType> = FormResult<S> | { ok: false; dropped: "honeypot" | "unreadable" };

/** Reads a form anyone may post: a body that is not a form and a filled honeypot never reach the schema. */
export async function readPublicForm<S extends z.ZodType>(request: Request, schema: S): Promise<PublicFormResult<S>> {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return { ok: false, dropped: "unreadable" };
  }
  if (honeypotFilled(formData)) return { ok: false, dropped: "honeypot" };
  return parseForm(schema, formData);
}
