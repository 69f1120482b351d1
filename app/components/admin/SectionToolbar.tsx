import { Form } from "react-router";
import { Button } from "~/components/ui/Button";
import { controlClass } from "~/components/ui/Field";
import { ADMIN_STATUS_FILTERS, ADMIN_TAB_TITLES, type AdminLocation } from "~/lib/admin-view";

const SEARCH_HINTS = {
  requests: "Name or email",
  messages: "Sender name or email",
  profiles: "Name or email",
  searches: "Words or place",
} as const;

/**
 * The section's filter and search: a plain GET form, so the admin's place lives in the address
 * (shareable, back button, works without JavaScript). A new filter starts again at page 1.
 */
export function SectionToolbar({ location }: { location: AdminLocation }) {
  const { tab } = location;
  const title = ADMIN_TAB_TITLES[tab];
  return (
    <Form method="get" action="/admin" role="search" aria-label={`Filter ${title.toLowerCase()}`} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      {tab !== "requests" ? <input type="hidden" name="tab" value={tab} /> : null}
      <div className="sm:w-48">
        <label htmlFor={`${tab}-status`} className="block text-sm font-medium text-slate-800">
          {tab === "searches" ? "Period" : "Status"}
        </label>
        <select id={`${tab}-status`} name="status" defaultValue={location.status} className={controlClass}>
          {ADMIN_STATUS_FILTERS[tab].map((filter) => (
            <option key={filter.value} value={filter.value}>
              {filter.label}
            </option>
          ))}
        </select>
      </div>
      <div className="flex-1">
        <label htmlFor={`${tab}-search`} className="block text-sm font-medium text-slate-800">
          Search
        </label>
        <input
          id={`${tab}-search`}
          type="search"
          name="q"
          defaultValue={location.q}
          placeholder={SEARCH_HINTS[tab]}
          maxLength={100}
          className={controlClass}
        />
      </div>
      <Button type="submit" variant="secondary">
        Apply
      </Button>
    </Form>
  );
}
