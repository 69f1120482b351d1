import { createElement, useId, type AllHTMLAttributes, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
import { cx } from "./cx";

export const controlClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500 aria-[invalid=true]:border-red-600";

interface FieldShellProps {
  id: string;
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  children: ReactNode;
  className?: string;
}

/** The asterisk after a required field's label (hidden from screen readers: the control itself says it). */
export function RequiredMark() {
  return (
    <span className="text-red-700" aria-hidden="true">
      {" "}
      *
    </span>
  );
}

/** A field's or a group's message, with the id (`{id}-error`) its aria-describedby names. */
export function FieldError({ id, error }: { id: string; error?: string | null }) {
  return error ? (
    <p id={`${id}-error`} className="text-sm font-medium text-red-700" role="alert">
      {error}
    </p>
  ) : null;
}

/** Label, control, hint and error, wired together for screen readers. */
export function FieldShell({ id, label, error, hint, required, children, className }: FieldShellProps) {
  return (
    <div className={cx("space-y-1", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required ? <RequiredMark /> : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

function describedBy(id: string, error?: string | null, hint?: ReactNode) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

type Common = { label: ReactNode; error?: string | null; hint?: ReactNode; wrapperClassName?: string };

/**
 * The one labelled control behind TextField, TextAreaField and SelectField, which differ only in the
 * element they render: the control gets the field's id, its invalid state and the ids of its hint
 * and message; anything else given goes to the control as it is.
 */
function LabelledControl({
  tag,
  label,
  error,
  hint,
  wrapperClassName,
  id,
  className,
  ...props
}: Common & { tag: "input" | "textarea" | "select" } & Omit<AllHTMLAttributes<HTMLElement>, "label">) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} required={props.required} className={wrapperClassName}>
      {createElement(tag, {
        id: fieldId,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": describedBy(fieldId, error, hint),
        className: cx(controlClass, className),
        ...props,
      })}
    </FieldShell>
  );
}

export function TextField(props: Common & InputHTMLAttributes<HTMLInputElement>) {
  return <LabelledControl tag="input" {...props} />;
}

export function TextAreaField(props: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <LabelledControl tag="textarea" {...props} />;
}

export function SelectField(props: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  return <LabelledControl tag="select" {...props} />;
}

/** `<option>`s for a list of values (each shown as it is) or of `{ value, label }` pairs. */
export function Options({ items }: { items: readonly (string | { readonly value: string; readonly label: string })[] }) {
  return (
    <>
      {items.map((item) => {
        const { value, label } = typeof item === "string" ? { value: item, label: item } : item;
        return (
          <option key={value} value={value}>
            {label}
          </option>
        );
      })}
    </>
  );
}

export function CheckboxField({
  label,
  description,
  id,
  className,
  ...props
}: { label: ReactNode; description?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <div className={cx("flex items-start gap-3", className)}>
      <input
        id={fieldId}
        type="checkbox"
        className="mt-0.5 h-5 w-5 shrink-0 rounded border-slate-400 text-brand-700 accent-brand-700"
        aria-describedby={description ? `${fieldId}-desc` : undefined}
        {...props}
      />
      <div>
        <label htmlFor={fieldId} className="text-sm font-medium text-slate-800">
          {label}
        </label>
        {description ? (
          <p id={`${fieldId}-desc`} className="text-sm text-slate-600">
            {description}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** A group of checkboxes or radios with a visible legend and one error for the group. */
export function Fieldset({
  legend,
  error,
  children,
  className,
  id,
}: {
  legend: ReactNode;
  error?: string | null;
  children: ReactNode;
  className?: string;
  id?: string;
}) {
  const autoId = useId();
  const groupId = id ?? autoId;
  return (
    <fieldset
      className={cx("space-y-2", className)}
      aria-describedby={error ? `${groupId}-error` : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      {children}
      <FieldError id={groupId} error={error} />
    </fieldset>
  );
}

/** One checkbox or radio button of a group, with its label beside it (the group is a Fieldset). */
export function Choice({
  label,
  type = "checkbox",
  ...props
}: { label: ReactNode; type?: "checkbox" | "radio" } & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "className">) {
  return (
    // The whole row is the tap target: at least 44 px tall for a thumb on a phone.
    <label className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-slate-800">
      <input
        type={type}
        className={type === "radio" ? "h-4 w-4 border-slate-400 accent-brand-700" : "h-4 w-4 rounded border-slate-400 accent-brand-700"}
        {...props}
      />
      {label}
    </label>
  );
}
