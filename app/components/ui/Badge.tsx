import type { ReactNode } from "react";
import { cx } from "./cx";

// Plain labels (a card's categories) are "neutral": the brand purple is the link colour, and purple
// text that does nothing on a tap reads as a broken link.
type Tone = "brand" | "neutral" | "outline" | "success" | "warning" | "danger";
const tones: Record<Tone, string> = {
  brand: "bg-brand-100 text-brand-800",
  neutral: "bg-slate-100 text-slate-800",
  outline: "border border-slate-300 bg-white text-slate-700",
  success: "bg-green-100 text-green-800",
  warning: "bg-yellow-100 text-yellow-900",
  danger: "bg-red-100 text-red-800",
};

export function Badge({ tone = "brand", children, className }: { tone?: Tone; children: ReactNode; className?: string }) {
  return (
    <span className={cx("inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold", tones[tone], className)}>
      {children}
    </span>
  );
}
