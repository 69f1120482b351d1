import type { ReactNode } from "react";
import { cx } from "./cx";

export function Card({ children, className, as: Tag = "div" }: { children: ReactNode; className?: string; as?: "div" | "section" | "article" }) {
  return <Tag className={cx("rounded-xl border border-slate-200 bg-white p-6 shadow-sm", className)}>{children}</Tag>;
}
