import type { ReactNode } from "react";
import { cx } from "~/components/ui/cx";

// Long-form text styling without the typography plugin: spacing, sizes and list markers for the
// plain elements static pages are written in. Body text stays slate-700 or darker for contrast.
const PROSE = [
  "text-base leading-7 text-slate-700",
  "[&_h2]:mt-10 [&_h2]:scroll-mt-24 [&_h2]:text-2xl [&_h2]:font-bold [&_h2]:tracking-tight [&_h2]:text-slate-900",
  "[&_h3]:mt-8 [&_h3]:scroll-mt-24 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900",
  "[&_p]:mt-4",
  // Only the very first block of the column sits flush with the top.
  "[&>:first-child]:mt-0",
  "[&_ul]:mt-4 [&_ul]:list-disc [&_ul]:space-y-2 [&_ul]:pl-6",
  "[&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ol]:pl-6",
  "[&_li]:pl-1 [&_li::marker]:text-brand-700",
  "[&_strong]:font-semibold [&_strong]:text-slate-900",
  "[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-2 [&_a:hover]:text-brand-900",
  "[&_address]:mt-4 [&_address]:not-italic",
].join(" ");

export function Prose({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={cx(PROSE, className)}>{children}</div>;
}
