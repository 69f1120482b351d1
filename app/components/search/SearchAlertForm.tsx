import { useEffect, useId, useRef } from "react";
import { Link, useFetcher } from "react-router";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/Field";
import { HoneypotField } from "~/components/ui/HoneypotField";
import { fieldBinder, useFieldErrors } from "~/components/ui/useFieldErrors";
import {
  ALERT_SENT_TITLE,
  ALERT_SUBMIT_LABEL,
  alertSentBody,
  describeAlertSearch,
  searchWords,
  type SearchAlertActionResult,
} from "~/lib/search-alert-view";

// "Tell me when a performer for this is listed near me", for a search that found nobody. A plain
// form posting to /alerts: without JavaScript the browser goes there and that page answers (the
// confirmation, or the form again with its messages); with it, the answer replaces the form in
// place. The search itself travels as hidden fields; only the email address is asked.

const loadSchema = () => import("~/lib/search-alert-schema").then((m) => m.searchAlertSchema);

export interface SearchAlertFormProps {
  /** The words typed on the search page. */
  q: string;
  /** The search's state and city filters, as its address has them. */
  state?: string | null;
  city?: string | null;
  /** The place the search understood ("Orlando, FL"), shown in the sentence above the field. */
  place?: string | null;
  /** The action's answer when /alerts rendered it (a post without JavaScript). */
  result?: SearchAlertActionResult;
  /** The heading's level where the form sits (the zero-result page: 2). */
  headingLevel?: 2 | 3;
}

export function SearchAlertForm({ q, state, city, place, result: rendered, headingLevel = 2 }: SearchAlertFormProps) {
  const id = useId();
  const fetcher = useFetcher<SearchAlertActionResult>();
  const result = fetcher.data ?? rendered;
  const sending = fetcher.state !== "idle";
  const failed = result && !result.ok ? result : undefined;
  const { errors, onSubmit, clearChanged, preload } = useFieldErrors(failed?.errors, loadSchema);
  const panelRef = useRef<HTMLHeadingElement>(null);
  const sent = result?.ok === true;

  // The panel replaces the form: take the focus there, so a screen reader hears it.
  useEffect(() => {
    if (sent && fetcher.data) panelRef.current?.focus();
  }, [sent, fetcher.data]);

  const Heading = headingLevel === 2 ? "h2" : "h3";
  const headingId = `${id}-heading`;
  const words = searchWords(q, place ?? null, state ?? null);
  const what = describeAlertSearch(words, place ?? null);

  if (result?.ok) {
    return (
      <section aria-labelledby={headingId} className="rounded-xl border border-green-200 bg-green-50 p-5 text-green-950" data-testid="search-alert-sent">
        <Heading id={headingId} ref={panelRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          {ALERT_SENT_TITLE}
        </Heading>
        <p className="mt-2 text-sm [overflow-wrap:anywhere]">{alertSentBody(result.email || "your address")}</p>
      </section>
    );
  }

  const field = fieldBinder(id, failed?.values, errors);
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="search-alert">
      <Heading id={headingId} className="text-lg font-semibold text-slate-900">
        Tell me when a performer for this is listed near me
      </Heading>
      <p className="mt-1 text-sm text-slate-700 [overflow-wrap:anywhere]">
        We'll email you each time a performer for <strong className="font-semibold text-slate-900">{what}</strong> is listed. You can stop the
        emails with one click.
      </p>
      <fetcher.Form
        method="post"
        action="/alerts"
        noValidate
        onSubmit={onSubmit}
        onChange={clearChanged}
        onFocus={preload}
        aria-labelledby={headingId}
        className="mt-4 space-y-3"
      >
        {failed?.message ? (
          <Alert tone={failed.resultsHref ? "info" : "error"}>
            {failed.message}{" "}
            {failed.resultsHref ? (
              <Link to={failed.resultsHref} className="font-semibold underline">
                See them
              </Link>
            ) : null}
          </Alert>
        ) : null}
        <input type="hidden" name="q" value={q} />
        <input type="hidden" name="state" value={state ?? ""} />
        <input type="hidden" name="city" value={city ?? ""} />
        <input type="hidden" name="place" value={place ?? ""} />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <TextField label="Your email" required type="email" autoComplete="email" inputMode="email" wrapperClassName="sm:flex-1" {...field("email")} />
          <Button type="submit" disabled={sending} className="sm:mt-6">
            {sending ? "Sending..." : ALERT_SUBMIT_LABEL}
          </Button>
        </div>
        <HoneypotField />
      </fetcher.Form>
    </section>
  );
}
