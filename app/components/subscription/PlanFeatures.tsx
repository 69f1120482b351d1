import { PLAN_FEATURES } from "~/lib/subscription";

function Check() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="mt-0.5 h-5 w-5 shrink-0 text-green-700" fill="none" stroke="currentColor" strokeWidth="2.5">
      <path d="m5 10.5 3.5 3.5L15 7" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The spec's feature list of the Yearly Membership. */
export function PlanFeatures({ labelledBy }: { labelledBy?: string }) {
  return (
    <ul aria-labelledby={labelledBy} className="space-y-2">
      {PLAN_FEATURES.map((feature) => (
        <li key={feature} className="flex gap-2 text-slate-800">
          <Check />
          <span>{feature}</span>
        </li>
      ))}
    </ul>
  );
}
