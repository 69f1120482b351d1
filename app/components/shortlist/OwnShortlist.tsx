import { lazy, Suspense, useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { ButtonLink } from "~/components/ui/Button";
import { useHydrated } from "~/components/ui/useHydrated";
import { clearShortlist, removeFromShortlist, shortlistHref, useShortlist, type ShortlistItem } from "~/lib/shortlist";

// The visitor's own list (/shortlist without ?ids), inside the route's frame: loaded on demand by
// the route so that a shared list does not download it.

// The comparison, sharing, clearing and "Ask them all" are code for a list that has performers;
// the usual first visit, an empty shortlist, does not download them. Loading, the list keeps the
// placeholder it shows before hydration.
const OwnList = lazy(() => import("./OwnList").then((m) => ({ default: m.OwnList })));

function EmptyShortlist() {
  return (
    // As tall as the placeholder before it (min-h-64), so the page does not jump when it appears.
    <section
      aria-labelledby="shortlist-empty"
      className="flex min-h-64 flex-col items-center justify-center rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center sm:p-10"
    >
      <h2 id="shortlist-empty" tabIndex={-1} className="text-xl font-semibold text-slate-900">
        No performers saved yet
      </h2>
      {/* Small print: painted only after hydration, it must not outgrow the text painted before it
          (the footer's line), or the page's largest paint waits for the JavaScript (LCP 2.0 s). */}
      <p className="mx-auto mt-2 max-w-md text-sm text-slate-700">
        Tap the heart on a performer&apos;s card or profile to save them here, then compare them side by side.
      </p>
      <ButtonLink to="/browse" size="lg" className="mt-5">
        Browse performers
      </ButtonLink>
    </section>
  );
}

/** The visitor's own list, read from this browser after hydration; with a party date (`date`), each says whether they are free. */
export function OwnShortlist({ date }: { date: string | null }) {
  const hydrated = useHydrated();
  const saved = useShortlist();
  const fetcher = useFetcher<{ items: ShortlistItem[] }>();
  const requested = useRef<string | null>(null);
  // The party date the fetched facts were asked for: a new one asks again for the same ids.
  const requestedDate = useRef<string | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const emptyFocus = useRef(false);
  const fetched = new Map((fetcher.data?.items ?? []).map((item) => [item.id, item]));
  const key = saved.map((entry) => entry.id).join(",");
  const missing = saved.some((entry) => !fetched.has(entry.id));

  const dateKey = date ?? "";
  useEffect(() => {
    // Asks again only for a list it has not asked about (a save in another tab adds an id), or for another date.
    const newDate = requestedDate.current !== dateKey;
    if ((!missing && !newDate) || fetcher.state !== "idle" || (requested.current === key && !newDate)) return;
    requested.current = key;
    requestedDate.current = dateKey;
    fetcher.load(shortlistHref(key.split(","), date));
  }, [missing, key, fetcher, dateKey, date]);

  useEffect(() => {
    if (saved.length === 0 && emptyFocus.current) document.getElementById("shortlist-empty")?.focus();
    emptyFocus.current = false;
  }, [saved.length]);

  const remove = (id: string) => {
    // The removed column's button is gone; the list's heading keeps the visitor's place.
    if (saved.length === 1) emptyFocus.current = true;
    else listHeading.current?.focus();
    removeFromShortlist(id);
  };
  const clear = () => {
    emptyFocus.current = true;
    clearShortlist();
  };

  const loading = (
    <p role="status" className="min-h-64 text-slate-700">
      Loading your shortlist…
    </p>
  );
  if (!hydrated) {
    return (
      <>
        {loading}
        <noscript>
          <p className="mt-2 text-slate-700">Your shortlist is kept by your browser and needs JavaScript to show.</p>
        </noscript>
      </>
    );
  }
  if (saved.length === 0) return <EmptyShortlist />;
  return (
    <Suspense fallback={loading}>
      <OwnList saved={saved} fetched={fetched} headingRef={listHeading} onClear={clear} onRemove={remove} date={date} />
    </Suspense>
  );
}
