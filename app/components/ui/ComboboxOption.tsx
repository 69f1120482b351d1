import { useRef, type ReactNode } from "react";
import { cx } from "./cx";

/** How an option was chosen: "touch" when a finger tapped it (the field may then let the keyboard go). */
export type ChosenBy = "touch" | "other";

/**
 * One option of a combobox's list (the editor's City field, the search box's suggestions): shown as
 * chosen while it is the active one, made active by the pointer, chosen by a click that keeps the
 * focus in the field, so the click is not a blur that closes the list first. The choice says
 * whether a finger made it.
 */
export function ComboboxOption({
  as: Tag = "div",
  id,
  active,
  onActivate,
  onChoose,
  className,
  children,
}: {
  as?: "li" | "div";
  id: string;
  active: boolean;
  onActivate: () => void;
  onChoose: (by: ChosenBy) => void;
  /** Spacing and type size; the colours are the primitive's own. */
  className: string;
  children: ReactNode;
}) {
  // The kind of pointer that pressed the option, read when its click follows (a re-render between
  // the two, as the option becomes active, must not lose it).
  const pointer = useRef("");
  return (
    <Tag
      id={id}
      role="option"
      aria-selected={active}
      className={cx("cursor-pointer text-slate-900", className, active ? "bg-brand-50 text-brand-900" : "hover:bg-slate-50")}
      onMouseDown={(event) => event.preventDefault()}
      onMouseMove={onActivate}
      onPointerDown={(event) => {
        pointer.current = event.pointerType;
      }}
      onClick={() => onChoose(pointer.current === "touch" ? "touch" : "other")}
    >
      {children}
    </Tag>
  );
}
