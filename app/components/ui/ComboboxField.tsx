import { useEffect, useRef, useState, type InputHTMLAttributes, type KeyboardEvent, type ReactNode } from "react";
import { controlClass, FieldShell } from "./Field";
import { cx } from "./cx";
import { ComboboxOption, type ChosenBy } from "./ComboboxOption";

// A labelled text field that offers choices as you type: the ARIA combobox pattern with a list box
// popup and manual selection (typing never changes the value behind your back). The caller decides
// which options fit what was typed; this handles the popup, the keyboard and what screen readers
// hear. Up and Down move through the options (opening the list), Enter or a click takes one, Escape
// closes the list, and Enter with none chosen is the form's own Enter. Before scripts run (or
// without them) it is the plain text field, which posts what was typed.

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  "id" | "type" | "role" | "value" | "defaultValue" | "onChange" | "onKeyDown" | "onFocus" | "onBlur" | "children"
>;

export interface ComboboxFieldProps extends InputProps {
  id: string;
  label: ReactNode;
  value: string;
  /** Typed, or an option taken. */
  onValueChange: (value: string) => void;
  /** The options for what is typed now, best first. */
  options: readonly string[];
  /** The list box's accessible name, e.g. "Cities of Florida". */
  listLabel: string;
  /** Said (and shown under the field) while the field is in use and no option fits, e.g. "No city matches". */
  noMatch?: string | null;
  /** False before hydration: a plain text field. */
  enhanced: boolean;
  error?: string | null;
  hint?: ReactNode;
  onFocus?: () => void;
  onBlur?: () => void;
}

export function ComboboxField({
  id,
  label,
  value,
  onValueChange,
  options,
  listLabel,
  noMatch,
  enhanced,
  error,
  hint,
  onFocus,
  onBlur,
  className,
  required,
  ...input
}: ComboboxFieldProps) {
  const listId = `${id}-listbox`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const optionId = (index: number) => `${id}-option-${index}`;

  // An option that is just what the field already says is no choice at all.
  const offered = options.length === 1 && options[0] === value ? [] : options;
  const shown = enhanced && open && offered.length > 0;
  const showNoMatch = enhanced && open && offered.length === 0 && Boolean(noMatch);
  // The options can change under a chosen one (the list arrived): then none is chosen.
  const current = active < offered.length ? active : -1;

  useEffect(() => {
    if (shown && current >= 0) document.getElementById(optionId(current))?.scrollIntoView({ block: "nearest" });
    // optionId only depends on id.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shown, current]);

  const take = (option: string, by: ChosenBy = "other") => {
    onValueChange(option);
    setOpen(false);
    setActive(-1);
    // A finger's choice ends the typing: the phone's keyboard goes with the focus, so the next tap
    // lands where it was aimed instead of first closing the keyboard (which moves the page under it).
    if (by === "touch") inputRef.current?.blur();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = offered.length;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (count === 0) return;
      event.preventDefault();
      const down = event.key === "ArrowDown";
      if (!shown) {
        setOpen(true);
        setActive(event.altKey ? -1 : down ? 0 : count - 1);
      } else if (!event.altKey) {
        setActive(down ? (current + 1) % count : current <= 0 ? count - 1 : current - 1);
      }
    } else if (event.key === "Enter") {
      if (shown && current >= 0) {
        event.preventDefault();
        take(offered[current]);
      }
    } else if (event.key === "Escape") {
      if (shown || showNoMatch) {
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setActive(-1);
      }
    }
  };

  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null, showNoMatch ? `${id}-nomatch` : null].filter(Boolean).join(" ");

  return (
    <FieldShell id={id} label={label} error={error} hint={hint} required={required}>
      <div className="relative">
        <input
          {...input}
          ref={inputRef}
          id={id}
          type="text"
          required={required}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          {...(enhanced
            ? {
                role: "combobox",
                "aria-autocomplete": "list" as const,
                "aria-expanded": shown,
                "aria-controls": listId,
                "aria-activedescendant": shown && current >= 0 ? optionId(current) : undefined,
              }
            : {})}
          className={cx(controlClass, className)}
          onChange={(event) => {
            onValueChange(event.target.value);
            // New text means a new list: nothing in it is chosen yet.
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => {
            setOpen(true);
            onFocus?.();
          }}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
            onBlur?.();
          }}
        />
        {enhanced ? (
          <ul
            id={listId}
            role="listbox"
            aria-label={listLabel}
            hidden={!shown}
            className="absolute left-0 z-40 mt-1 max-h-[50vh] w-full overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
          >
            {offered.map((option, index) => (
              <ComboboxOption
                key={option}
                as="li"
                id={optionId(index)}
                active={index === current}
                onActivate={() => setActive(index)}
                onChoose={(by) => take(option, by)}
                className="px-3 py-3 sm:py-2 sm:text-sm"
              >
                {option}
              </ComboboxOption>
            ))}
          </ul>
        ) : null}
      </div>
      {showNoMatch ? (
        <p id={`${id}-nomatch`} className="text-sm text-slate-700">
          {noMatch}
        </p>
      ) : null}
      {enhanced ? (
        <div role="status" className="sr-only">
          {shown ? `${offered.length} suggestion${offered.length === 1 ? "" : "s"}, use the up and down arrows to choose` : ""}
        </div>
      ) : null}
    </FieldShell>
  );
}
