import { useId } from "react";
import { HONEYPOT_FIELD } from "~/lib/form";

/**
 * The hidden field of a public form (checked on the server by honeypotFilled in app/lib/form.ts).
 * Hidden from people and assistive technology; bots that fill every field give themselves away.
 */
export function HoneypotField() {
  const id = useId();
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input id={id} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
    </div>
  );
}
