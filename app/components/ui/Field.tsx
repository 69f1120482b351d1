import { useId, type InputHTMLAttributes, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from "react";
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

/** Label, control, hint and error, wired together for screen readers. */
function FieldShell({ id, label, error, hint, required, children, className }: FieldShellProps) {
  return (
    <div className={cx("space-y-1", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
        {required ? (
          <span className="text-red-700" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, error?: string | null, hint?: ReactNode) {
  const ids = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

type Common = { label: ReactNode; error?: string | null; hint?: ReactNode; wrapperClassName?: string };

export function TextField({ label, error, hint, wrapperClassName, id, className, ...props }: Common & InputHTMLAttributes<HTMLInputElement>) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} required={props.required} className={wrapperClassName}>
      <input
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        className={cx(controlClass, className)}
        {...props}
      />
    </FieldShell>
  );
}

export function TextAreaField({ label, error, hint, wrapperClassName, id, className, ...props }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} required={props.required} className={wrapperClassName}>
      <textarea
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        className={cx(controlClass, className)}
        {...props}
      />
    </FieldShell>
  );
}

export function SelectField({
  label,
  error,
  hint,
  wrapperClassName,
  id,
  className,
  children,
  ...props
}: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  return (
    <FieldShell id={fieldId} label={label} error={error} hint={hint} required={props.required} className={wrapperClassName}>
      <select
        id={fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(fieldId, error, hint)}
        className={cx(controlClass, className)}
        {...props}
      >
        {children}
      </select>
    </FieldShell>
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
      {error ? (
        <p id={`${groupId}-error`} className="text-sm font-medium text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
