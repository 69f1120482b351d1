import { cx } from "~/components/ui/cx";

export interface DetailItem {
  label: string;
  /** Text, a link, or null for "Not given". */
  value: string | { text: string; href: string } | null;
}

/** A record's fields as a description list; empty ones say so rather than vanish. */
export function DetailList({ items, wide = false }: { items: DetailItem[]; wide?: boolean }) {
  return (
    <dl className={cx("grid gap-4 text-sm", !wide && "sm:grid-cols-2")}>
      {items.map(({ label, value }) => (
        <div key={label}>
          <dt className="font-medium text-slate-700">{label}</dt>
          <dd className={cx("break-words text-slate-900", wide && "whitespace-pre-wrap")}>
            {value === null || value === "" ? (
              <span className="text-slate-600">Not given</span>
            ) : typeof value === "string" ? (
              value
            ) : (
              <a href={value.href} className="break-all font-semibold text-brand-700 hover:underline">
                {value.text}
              </a>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
