import { Form, Link } from "react-router";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/Field";
import { shortlistHref } from "~/lib/shortlist";

/**
 * "Party date" over a list: a plain GET form (`date=` in the address, so it works without
 * JavaScript and the link can be shared), after which each performer says whether they are free
 * that day and "Ask them all" starts from it. A shared list keeps its ids.
 */
export function PartyDateFilter({ ids, date }: { ids?: readonly string[]; date: string | null }) {
  return (
    <Form method="get" action="/shortlist" className="flex flex-wrap items-end gap-3">
      {ids && ids.length > 0 ? <input type="hidden" name="ids" value={ids.join(",")} /> : null}
      <TextField
        // A new date from a link or the form's own answer starts the field afresh.
        key={date ?? ""}
        id="shortlist-party-date"
        label="Party date"
        type="date"
        name="date"
        defaultValue={date ?? ""}
        wrapperClassName="w-48"
      />
      <Button type="submit" variant="secondary" className="min-h-11">
        Show who is free
      </Button>
      {date ? (
        <Link to={shortlistHref(ids ?? [])} className="inline-flex min-h-11 items-center text-sm font-semibold text-brand-800 underline hover:no-underline">
          Clear the date
        </Link>
      ) : null}
    </Form>
  );
}
