import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { KEEP_TRAVEL_RANGE_INTENT } from "~/lib/travel-range-check";
import { ResendConfirmation } from "~/components/account/ResendConfirmation";
import { Card } from "~/components/ui/Card";

export interface ChecklistItemView {
  key: string;
  label: string;
  done: boolean;
  href: string;
}

function Mark({ done }: { done: boolean }) {
  return done ? (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 shrink-0 text-green-700" fill="currentColor">
      <path d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.7-9.3-4 4a1 1 0 0 1-1.4 0l-2-2a1 1 0 1 1 1.4-1.4L9 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4Z" />
    </svg>
  ) : (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-5 w-5 shrink-0 text-slate-500" fill="none" stroke="currentColor" strokeWidth="2">
      <circle cx="10" cy="10" r="7" />
    </svg>
  );
}

/** A row that is done somewhere else than a page of the editor: what to do, and its own buttons. */
function ItemWithActions({ item, note, children }: { item: ChecklistItemView; note: ReactNode; children: ReactNode }) {
  return (
    <li data-testid={`checklist-${item.key}`} data-done={item.done} className="flex flex-wrap items-center gap-3 px-1 py-2.5">
      <Mark done={item.done} />
      <span className="min-w-0 flex-1">
        <span className="block font-medium text-slate-900">{item.label}</span>
        <span className="block text-sm text-slate-700">{note}</span>
      </span>
      {children}
    </li>
  );
}

/** Confirming is done in the mailbox, not on a page here: the row says so and offers a new link. */
function ConfirmEmailItem({ item }: { item: ChecklistItemView }) {
  const note = (
    <>
      Open the link we emailed you. Until then your listing can&apos;t go live.{" "}
      <Link to={item.href} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
        No email?
      </Link>
    </>
  );
  return (
    <ItemWithActions item={item} note={note}>
      <ResendConfirmation returnTo="/dashboard" />
    </ItemWithActions>
  );
}

/**
 * The travel range: chosen in the editor, or kept as it is with one tap ("Local only" may be the
 * right answer; the item only asks that it be a choice). Until then the range is the default: a
 * wider one saved is a choice (profile-editor.server.ts).
 */
function TravelRangeItem({ item }: { item: ChecklistItemView }) {
  const note = "Yours is Local only (0–10 miles): families farther away won't find you. Most party performers choose 25–50 miles.";
  return (
    <ItemWithActions item={item} note={note}>
      <span className="flex flex-wrap items-center gap-2">
        <Link
          to={item.href}
          className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-3 text-sm font-semibold text-white hover:bg-brand-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
        >
          Choose a range
        </Link>
        <Form method="post" action="/dashboard">
          <input type="hidden" name="intent" value={KEEP_TRAVEL_RANGE_INTENT} />
          <button
            type="submit"
            className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:ring-offset-2"
          >
            Keep Local only
          </button>
        </Form>
      </span>
    </ItemWithActions>
  );
}

function Items({ items }: { items: ChecklistItemView[] }) {
  return (
    <ul className="divide-y divide-slate-100" aria-labelledby="checklist-heading">
      {items.map((item) =>
        item.key === "confirmEmail" ? (
          <ConfirmEmailItem key={item.key} item={item} />
        ) : item.key === "travelRange" && !item.done ? (
          <TravelRangeItem key={item.key} item={item} />
        ) : (
          <li key={item.key} data-testid={`checklist-${item.key}`} data-done={item.done}>
            <Link to={item.href} className="flex min-h-11 items-center gap-3 rounded-md px-1 py-2.5 hover:bg-slate-50">
              <Mark done={item.done} />
              <span className={item.done ? "text-slate-700" : "font-medium text-slate-900"}>{item.label}</span>
              <span className="ml-auto text-sm font-semibold text-brand-700">{item.done ? "Done" : "Add"}</span>
            </Link>
          </li>
        ),
      )}
    </ul>
  );
}

/**
 * What a strong profile has, each item linking to the page that fixes it. Once everything is done
 * the list folds into one line: the performer has nothing to act on, and it would push the
 * inquiries down.
 */
export function Checklist({ items }: { items: ChecklistItemView[] }) {
  const done = items.filter((i) => i.done).length;
  const complete = done === items.length;
  if (complete) {
    return (
      <section className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <details className="group">
          <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 rounded-xl px-6 py-3 [&::-webkit-details-marker]:hidden">
            <span className="flex items-center gap-2">
              <Mark done />
              <h2 id="checklist-heading" className="text-base font-bold text-slate-900">
                Profile checklist: all done
              </h2>
            </span>
            <span className="text-sm font-semibold text-brand-700">
              <span className="group-open:hidden">Show</span>
              <span className="hidden group-open:inline">Hide</span>
            </span>
          </summary>
          <div className="space-y-3 px-6 pb-6">
            <p className="text-sm text-green-800">
              <span data-testid="checklist-progress">
                {done} of {items.length} complete
              </span>
              . Everything a strong profile needs is in place.
            </p>
            <Items items={items} />
          </div>
        </details>
      </section>
    );
  }
  return (
    <Card as="section" className="space-y-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="checklist-heading" className="text-lg font-bold text-slate-900">
          Profile checklist
        </h2>
        <p className="text-sm font-medium text-slate-700" data-testid="checklist-progress">
          {done} of {items.length} complete
        </p>
      </div>
      <div
        className="h-2 overflow-hidden rounded-full bg-slate-200"
        role="progressbar"
        aria-labelledby="checklist-heading"
        aria-valuemin={0}
        aria-valuemax={items.length}
        aria-valuenow={done}
      >
        <div className="h-full rounded-full bg-green-600" style={{ width: `${(done / items.length) * 100}%` }} />
      </div>
      <Items items={items} />
    </Card>
  );
}
