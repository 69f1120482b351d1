import { replayEarlyInput } from "~/lib/early-input";

// What a visitor did to server-rendered fields before their part of the page went live (see
// ServerHtmlUntil), carried over to the fields rendered in their place.

const NO_VALUE = new Set(["hidden", "file", "submit", "button", "reset", "image"]);

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** A send tapped before the live form was there: the form and the button. */
export interface PendingSend {
  form: HTMLFormElement;
  submitter: HTMLElement | null;
}

/** What the visitor did to the server's HTML, by field name (and value, for boxes). */
export interface Carried {
  fields: { key: string; value: string; checked: boolean }[];
  focus: { key: string; start: number | null; end: number | null } | null;
  /** A held send's form and button, by their places among the rendered ones. */
  send: { form: number; submitter: number } | null;
}

function submitButtons(form: HTMLFormElement): HTMLElement[] {
  return [...form.elements].filter(
    (control): control is HTMLElement => (control instanceof HTMLButtonElement || control instanceof HTMLInputElement) && control.type === "submit",
  );
}

function fieldsOf(element: HTMLElement): Field[] {
  return [...element.querySelectorAll<Field>("input, select, textarea")].filter(
    (field) => field.name !== "" && !(field instanceof HTMLInputElement && NO_VALUE.has(field.type)),
  );
}

function keyOf(field: Field): string {
  const box = field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio");
  return box ? `${field.name}=${field.value}` : field.name;
}

function selection(field: Element): { start: number | null; end: number | null } {
  try {
    // Only text-like fields have a selection; others answer null or throw.
    const text = field as HTMLInputElement;
    return { start: text.selectionStart, end: text.selectionEnd };
  } catch {
    return { start: null, end: null };
  }
}

export function capture(element: HTMLElement, send: PendingSend | null): Carried {
  const fields = fieldsOf(element).map((field) => ({
    key: keyOf(field),
    value: field.value,
    checked: field instanceof HTMLInputElement && field.checked,
  }));
  const active = document.activeElement;
  const focused = active && element.contains(active) ? fieldsOf(element).find((field) => field === active) : undefined;
  return {
    fields,
    focus: focused ? { key: keyOf(focused), ...selection(focused) } : null,
    send: send && {
      form: [...element.querySelectorAll("form")].indexOf(send.form),
      submitter: send.submitter ? submitButtons(send.form).indexOf(send.submitter) : -1,
    },
  };
}

export function restore(element: HTMLElement, carried: Carried) {
  const byKey = new Map(fieldsOf(element).map((field) => [keyOf(field), field]));
  for (const { key, value, checked } of carried.fields) {
    const field = byKey.get(key);
    if (!field) continue;
    if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) field.checked = checked;
    else field.value = value;
  }
  // The components behind the fields hear about each change, as after an early visitor's input.
  replayEarlyInput(element);
  const focus = carried.focus ? byKey.get(carried.focus.key) : undefined;
  if (focus && carried.focus) {
    focus.focus({ preventScroll: true });
    const { start, end } = carried.focus;
    if (start !== null && end !== null) {
      try {
        (focus as HTMLInputElement).setSelectionRange(start, end);
      } catch {
        // A field without a selection (a select, a date).
      }
    }
  }
  // The held send, by the live form: it checks the fields first, as for any send.
  const form = carried.send ? element.querySelectorAll("form")[carried.send.form] : undefined;
  if (form && carried.send) form.requestSubmit(submitButtons(form)[carried.send.submitter]);
}
