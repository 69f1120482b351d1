import { useId, type ChangeEvent } from "react";
import { CheckboxField, Options, SelectField, TextField } from "~/components/ui/Field";
import {
  AUDIENCE_FILTER_LABELS,
  AUDIENCE_FILTERS,
  BUDGETS,
  DEFAULT_AUDIENCE_FILTER,
  RADIUS_MILES,
  SORT_LABELS,
  SORTS,
  TRUST_FILTERS,
  type AudienceFilter,
  type GroupSize,
  type ListingRefinements,
  type ListingSort,
  type RadiusMiles,
} from "~/lib/listing-refinements";
import { TAP_TARGET } from "./tap-target";

const SIZE_LABELS: Record<GroupSize, string> = { solo: "Solo performer", group: "Group or crew" };

interface RefinementFieldsProps {
  /** The refinements the page shows. */
  refinements: ListingRefinements;
  /** Distance and "Nearest" are offered only where the page is about a place. */
  hasPlace: boolean;
  /** The audience the page shows when its address names none: adult events on the 18+ page. */
  pageAudience?: AudienceFilter;
  /**
   * With it the fields are controlled: each change is handed back and the form keeps the values
   * (the listing pages' form). Without it they start at `refinements` and the form reads them when
   * it is sent (a plain form, like search's).
   */
  onChange?: (next: ListingRefinements) => void;
}

/**
 * The party date, budget, distance, audience, solo or group, the reviewed documents and sort: the
 * refinements every listing and search offers, as a native date field (no picker's code on public
 * pages), checkboxes and plain selects in the address's own names, so the form works without JavaScript. Each default is the
 * empty choice, which the page's canonical address leaves out.
 */
export function RefinementFields({ refinements, hasPlace, pageAudience = DEFAULT_AUDIENCE_FILTER, onChange }: RefinementFieldsProps) {
  const id = useId();
  const value = <T,>(current: T, empty: T) => (current === empty || current === null ? "" : String(current));
  // Controlled with onChange, otherwise left to the browser from its first value.
  const bind = (current: string) => (onChange ? { value: current } : { defaultValue: current });
  const change = (read: (raw: string) => Partial<ListingRefinements>) =>
    onChange ? (event: ChangeEvent<HTMLSelectElement>) => onChange({ ...refinements, ...read(event.target.value) }) : undefined;
  const sorts = SORTS.filter((sort) => hasPlace || sort !== "nearest");
  // A checkbox of the address's own: controlled like the selects with onChange, else left to the browser.
  const tick = (key: "showBooked" | "checked" | "insured") =>
    onChange
      ? { checked: refinements[key], onChange: (event: ChangeEvent<HTMLInputElement>) => onChange({ ...refinements, [key]: event.target.checked }) }
      : { defaultChecked: refinements[key] };

  return (
    <div className="space-y-5">
      <TextField
        id={`${id}-date`}
        label="Party date"
        name="date"
        type="date"
        className={TAP_TARGET}
        {...bind(refinements.date ?? "")}
        onChange={onChange ? (event) => onChange({ ...refinements, date: event.target.value || null }) : undefined}
      />
      {refinements.date ? (
        <CheckboxField id={`${id}-booked`} label="Show booked performers" name="booked" value="show" {...tick("showBooked")} />
      ) : null}
      {hasPlace ? (
        <SelectField
          id={`${id}-miles`}
          label="Distance"
          name="miles"
          className={TAP_TARGET}
          {...bind(value(refinements.miles, null))}
          onChange={change((raw) => ({ miles: raw ? (Number(raw) as RadiusMiles) : null }))}
        >
          <option value="">Any distance</option>
          <Options items={RADIUS_MILES.map((miles) => ({ value: String(miles), label: `Within ${miles} miles` }))} />
        </SelectField>
      ) : null}
      <SelectField
        id={`${id}-budget`}
        label="Maximum budget"
        name="budget"
        className={TAP_TARGET}
        {...bind(value(refinements.budget, null))}
        onChange={change((raw) => ({ budget: raw ? Number(raw) : null }))}
      >
        <option value="">Any budget</option>
        <Options items={BUDGETS.map((budget) => ({ value: String(budget), label: `Up to $${budget}` }))} />
      </SelectField>
      <SelectField
        id={`${id}-audience`}
        label="Who is the event for?"
        name="audience"
        className={TAP_TARGET}
        {...bind(value(refinements.audience, pageAudience))}
        onChange={change((raw) => ({ audience: (raw || pageAudience) as AudienceFilter }))}
      >
        {AUDIENCE_FILTERS.map((audience) => (
          <option key={audience} value={audience === pageAudience ? "" : audience}>
            {AUDIENCE_FILTER_LABELS[audience]}
          </option>
        ))}
      </SelectField>
      <SelectField
        id={`${id}-size`}
        label="Solo or group"
        name="size"
        className={TAP_TARGET}
        {...bind(value(refinements.size, null))}
        onChange={change((raw) => ({ size: raw ? (raw as GroupSize) : null }))}
      >
        <option value="">Either</option>
        <Options items={(["solo", "group"] as const).map((size) => ({ value: size, label: SIZE_LABELS[size] }))} />
      </SelectField>
      {/* The whole row is the label, thumb-sized like the categories' rows. */}
      {TRUST_FILTERS.map(([key, label]) => (
        <label key={key} className={`${TAP_TARGET} flex cursor-pointer items-center gap-3 text-sm font-medium text-slate-800`}>
          <input type="checkbox" name={key} value="yes" className="h-5 w-5 shrink-0 rounded border-slate-400 accent-brand-700" {...tick(key)} />
          {label}
        </label>
      ))}
      <SelectField
        id={`${id}-sort`}
        label="Sort by"
        name="sort"
        className={TAP_TARGET}
        {...bind(value(refinements.sort, "best"))}
        onChange={change((raw) => ({ sort: (raw || "best") as ListingSort }))}
      >
        {sorts.map((sort) => (
          <option key={sort} value={sort === "best" ? "" : sort}>
            {SORT_LABELS[sort]}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
