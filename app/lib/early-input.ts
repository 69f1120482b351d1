// A page is usable before its JavaScript runs: the server renders it whole, and its scripts start
// only once it has loaded and painted (page-scripts.server.ts). Whatever a visitor does in that
// moment must not be lost when React takes the page over. React keeps what was typed or picked in
// the fields it hydrates but does not tell the components, so a component's state still says "no
// city" while the screen shows one (Apply would then drop it), and letters typed into the search
// box fetch no suggestions. A tap on a button that needs JavaScript (the phone menu) does nothing
// at all. This module hands both over once the page is hydrated: each field whose value differs
// from what the server rendered gets the event its component listens to, and the last such button
// tapped before hydration began is tapped again.

/** The global the page's starter script records the last JavaScript-only button tapped in. */
export const EARLY_CLICK_GLOBAL = "__costumecastEarlyClick";

/** What the starter records: the button, or `false` once hydration has begun (React's own from then on). */
type EarlyClick = HTMLButtonElement | false | undefined;

function recorded(): EarlyClick {
  return (window as unknown as Record<string, EarlyClick>)[EARLY_CLICK_GLOBAL];
}

function record(value: EarlyClick) {
  (window as unknown as Record<string, EarlyClick>)[EARLY_CLICK_GLOBAL] = value;
}

/**
 * The starter's part (a classic inline script, so it is written as source): remember the last
 * button with no native action (`type="button"`) tapped, until hydration begins. Links, submit
 * buttons and disclosures already work without JavaScript.
 */
export const RECORD_EARLY_CLICKS = `const early=(event)=>{if(window.${EARLY_CLICK_GLOBAL}===false)return removeEventListener("click",early,true);const button=event.target instanceof Element?event.target.closest("button"):null;if(button&&button.type==="button")window.${EARLY_CLICK_GLOBAL}=button};addEventListener("click",early,true);`;

let clickToReplay: HTMLButtonElement | null = null;

/**
 * Called just before hydration begins: takes the button tapped so far, and stops the recording,
 * because a tap from now on reaches React itself (it hydrates at once to handle it).
 */
export function takeEarlyClick() {
  const button = recorded();
  clickToReplay = button instanceof HTMLButtonElement ? button : null;
  record(false);
}

const NO_VALUE = new Set(["hidden", "file", "submit", "button", "reset", "image"]);

/** The setter the browser's own prototype defines (React wraps the element's own to follow it). */
function nativeSetter(field: HTMLInputElement | HTMLTextAreaElement, property: "value" | "checked") {
  const prototype = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  return Object.getOwnPropertyDescriptor(prototype, property)?.set;
}

/** The option a single select shows as the server rendered it: the last one marked, else the first. */
function renderedIndex(select: HTMLSelectElement): number {
  let index = select.options.length > 0 ? 0 : -1;
  for (const [i, option] of Array.from(select.options).entries()) if (option.defaultSelected) index = i;
  return index;
}

function selectChanged(select: HTMLSelectElement): boolean {
  if (select.multiple) return Array.from(select.options).some((option) => option.selected !== option.defaultSelected);
  return select.selectedIndex !== renderedIndex(select);
}

/** Whether the visitor changed the field from what the server rendered. */
function fieldChanged(field: Element): boolean {
  if (field instanceof HTMLSelectElement) return !field.disabled && selectChanged(field);
  if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
    return !field.disabled && field.checked !== field.defaultChecked;
  }
  if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
    return !field.disabled && !NO_VALUE.has(field.type) && field.value !== field.defaultValue;
  }
  return false;
}

/**
 * Tells the component behind one field what the visitor did to it. React notices a change by
 * comparing the field with the value it last saw, and it saw the visitor's value while hydrating:
 * so the field is set back to the rendered value through React's view of it, then to the visitor's
 * past it, and the event the component listens to is sent.
 */
function replayField(field: Element) {
  if (!fieldChanged(field)) return;
  if (field instanceof HTMLSelectElement) {
    field.dispatchEvent(new Event("change", { bubbles: true }));
    return;
  }
  if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")) {
    const checked = field.checked;
    const set = nativeSetter(field, "checked");
    if (!set) return;
    field.checked = !checked;
    set.call(field, checked);
    // A plain Event, not a MouseEvent: it reaches React's listener without toggling the box again.
    field.dispatchEvent(new Event("click", { bubbles: true }));
    return;
  }
  if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
    const value = field.value;
    const set = nativeSetter(field, "value");
    if (!set) return;
    field.value = field.defaultValue;
    set.call(field, value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  }
}

const FIELDS = "input, select, textarea";

/** Whether the visitor changed any field under `root` before the page was live. */
export function hasEarlyInput(root: ParentNode): boolean {
  return Array.from(root.querySelectorAll(FIELDS)).some(fieldChanged);
}

/** Called once the page is hydrated (the root layout's first effect). */
export function replayEarlyInput(root: ParentNode = document) {
  for (const field of Array.from(root.querySelectorAll(FIELDS))) replayField(field);
  const button = clickToReplay;
  clickToReplay = null;
  if (button && button.isConnected && !button.disabled) button.click();
}
