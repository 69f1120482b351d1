// Stripe's v1 API takes form-encoded bodies (and query strings) with bracketed keys:
// `line_items[0][price]=price_1&metadata[user_id]=u1&expand[0]=data.latest_invoice`.

export type FormValue = string | FormValue[] | FormObject;
export interface FormObject {
  [key: string]: FormValue;
}

type Container = FormObject | FormValue[];

function keyPath(key: string): string[] {
  const open = key.indexOf("[");
  if (open === -1) return [key];
  const path = [key.slice(0, open)];
  for (const match of key.slice(open).matchAll(/\[([^\]]*)\]/g)) path.push(match[1]);
  return path;
}

function read(container: Container, key: string): FormValue | undefined {
  return Array.isArray(container) ? container[Number(key)] : container[key];
}

function write(container: Container, key: string, value: FormValue): void {
  if (Array.isArray(container)) {
    // `a[]=x` appends; `a[3]=x` places.
    if (key === "") container.push(value);
    else container[Number(key)] = value;
  } else {
    container[key] = value;
  }
}

export function parseStripeForm(encoded: string): FormObject {
  const root: FormObject = {};
  for (const [rawKey, value] of new URLSearchParams(encoded)) {
    const path = keyPath(rawKey);
    let node: Container = root;
    for (let i = 0; i < path.length - 1; i++) {
      let child = read(node, path[i]);
      if (child === undefined || typeof child === "string") {
        child = /^\d*$/.test(path[i + 1]) ? [] : {};
        write(node, path[i], child);
      }
      node = child;
    }
    write(node, path[path.length - 1], value);
  }
  return root;
}

export function field(form: FormObject, key: string): string | null {
  const value = form[key];
  return typeof value === "string" ? value : null;
}

export function objectField(form: FormObject, key: string): FormObject | null {
  const value = form[key];
  return value !== undefined && typeof value === "object" && !Array.isArray(value) ? value : null;
}

export function listField(form: FormObject, key: string): FormValue[] {
  const value = form[key];
  if (Array.isArray(value)) return value.filter((item) => item !== undefined);
  // Some clients send `expand[0]` style keys as an object with numeric keys.
  if (value !== undefined && typeof value === "object") return Object.values(value);
  return typeof value === "string" ? [value] : [];
}

export function stringRecord(form: FormObject | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!form) return out;
  for (const [key, value] of Object.entries(form)) if (typeof value === "string") out[key] = value;
  return out;
}
