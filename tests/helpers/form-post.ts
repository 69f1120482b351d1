/** A form's fields as a test writes them: a list stands for a field sent once per value (checkboxes). */
export type FormFields = Record<string, string | string[]>;

/** The POST a browser makes when it submits `fields` as a form to `url`. */
export function formPost(url: string, fields: FormFields): Request {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(key, v);
  return new Request(url, { method: "POST", body });
}
