import type { ReactNode } from "react";
import { cx } from "./cx";

/**
 * One option of a combobox's list (the editor's City field, the search box's suggestions): shown as
 * chosen while it is the active one, made active by the pointer, chosen by a click that keeps the
 * focus in the field, so the click is not a blur that closes the list first.
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
  onChoose: () => void;
  /** Spacing and type size; the colours are the primitive's own. */
  className: string;
  children: ReactNode;
}) {
  return (
    <Tag
      id={id}
      role="option"
      aria-selected={active}
      className={cx("cursor-pointer text-slate-900", className, active ? "bg-brand-50 text-brand-900" : "hover:bg-slate-50")}
      onMouseDown={(event) => event.preventDefault()}
      onMouseMove={onActivate}
      onClick={onChoose}
    >
      {children}
    </Tag>
  );
}
