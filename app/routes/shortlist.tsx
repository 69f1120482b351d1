import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { data, useFetcher } from "react-router";
import type { Route } from "./+types/shortlist";
import { ClearShortlist } from "~/components/shortlist/ClearShortlist";
import { ShareShortlist } from "~/components/shortlist/ShareShortlist";
import type { ComparisonEntry } from "~/components/shortlist/ShortlistComparison";
import { Button, ButtonLink } from "~/components/ui/Button";
import { useHydrated } from "~/components/ui/useHydrated";
import { readPublicForm } from "~/lib/form";
import { shortlistInquirySchema } from "~/lib/inquiry-schema";
import { pageMeta, siteFrom } from "~/lib/meta";
import {
  clearShortlist,
  removeFromShortlist,
  saveAllToShortlist,
  SHORTLIST_MAX,
  shortlistHref,
  useShortlist,
  type ShortlistItem,
  type ShortlistPerformer,
} from "~/lib/shortlist";
import { cachedData, FRESH_CACHE_CONTROL, privateHeaders, routeCacheHeaders } from "~/server/http/cache-headers.server";
import { handleShortlistInquiry } from "~/server/inquiries.server";
import { clientIp } from "~/server/rate-limit.server";
import { loadShortlist, parseShortlistIds } from "~/server/shortlist.server";

// The comparison and "Ask them all" (the inquiry form with it) are code for a list that has
// performers; the usual first visit, an empty shortlist, does not download them. Loading, the own
// list keeps the placeholder it shows before hydration; a shared list (rendered by the server) has
// no Suspense boundary, so the server waits for them and hydration keeps its HTML until they arrive.
const ShortlistComparison = lazy(() =>
  import("~/components/shortlist/ShortlistComparison").then((m) => ({ default: m.ShortlistComparison })),
);
const AskThemAll = lazy(() => import("~/components/shortlist/AskThemAll").then((m) => ({ default: m.AskThemAll })));

// The shortlist is kept in the visitor's browser (app/lib/shortlist.ts), so the server never knows
// whose it is. Without `?ids` this page is the same empty frame for everyone and, once hydrated,
// asks its own loader for the saved ids' public data. With `?ids` (a share link, or that request)
// the loader answers for exactly those ids, the same for anyone who asks.

export async function loader({ request, context }: Route.LoaderArgs) {
  const ids = parseShortlistIds(new URL(request.url).searchParams.get("ids"));
  if (ids.length === 0) return cachedData(request, { ids, items: [] as ShortlistItem[] });
  const items = await loadShortlist(context.db, ids);
  // Shared-cacheable (nothing here depends on who asks), but revalidated each time like a profile
  // page, so a performer an admin takes down shows as no longer listed at once.
  return cachedData(request, { ids, items }, { cacheControl: FRESH_CACHE_CONTROL });
}

// "Ask them all": one inquiry to each chosen performer (app/server/inquiries.server.ts decides who
// may be asked and how often). A form post's answer is never cached.
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readPublicForm(request, shortlistInquirySchema);
  return data(await handleShortlistInquiry(context, form, { ip: clientIp(context, request) }), { headers: privateHeaders() });
}

export const headers: Route.HeadersFunction = (args) => routeCacheHeaders(args);

export const meta: Route.MetaFunction = ({ loaderData, matches, location }) => {
  const shared = (loaderData?.ids.length ?? 0) > 0;
  return pageMeta({
    ...siteFrom(matches),
    path: location.pathname,
    title: shared ? "A shared shortlist" : "Your shortlist",
    description: "Compare the performers you saved side by side, share the list and ask them all at once.",
    // Any set of ids makes its own address: an endless supply of near-copies of profile pages that
    // are indexed in their own right, and a list is one family's choice rather than a page to find.
    // The canonical link (the path without ?ids) points crawlers at /shortlist itself.
    noindex: shared,
  });
};

function toEntry(item: ShortlistItem, fallbackName: string | null): ComparisonEntry {
  return item.listed
    ? { id: item.id, name: item.performer.displayName, status: "listed", performer: item.performer }
    : { id: item.id, name: fallbackName, status: "unavailable" };
}

function listedPerformers(entries: readonly ComparisonEntry[]): ShortlistPerformer[] {
  return entries.flatMap((entry) => (entry.status === "listed" ? [entry.performer] : []));
}

function PageFrame({ title, intro, children }: { title: string; intro: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <div className="mt-2 max-w-3xl text-slate-700">{intro}</div>
      <div className="mt-6">{children}</div>
    </div>
  );
}

function performersCount(count: number): string {
  return `${count} ${count === 1 ? "performer" : "performers"}`;
}

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

/** The visitor's own list, read from this browser after hydration. */
function OwnShortlist() {
  const hydrated = useHydrated();
  const saved = useShortlist();
  const fetcher = useFetcher<typeof loader>();
  const requested = useRef<string | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const emptyFocus = useRef(false);
  const fetched = new Map((fetcher.data?.items ?? []).map((item) => [item.id, item]));
  const key = saved.map((entry) => entry.id).join(",");
  const missing = saved.some((entry) => !fetched.has(entry.id));

  useEffect(() => {
    // Asks again only for a list it has not asked about (a save in another tab adds an id).
    if (!missing || fetcher.state !== "idle" || requested.current === key) return;
    requested.current = key;
    fetcher.load(shortlistHref(key.split(",")));
  }, [missing, key, fetcher]);

  useEffect(() => {
    if (saved.length === 0 && emptyFocus.current) document.getElementById("shortlist-empty")?.focus();
    emptyFocus.current = false;
  }, [saved.length]);

  const entries = saved.map((entry): ComparisonEntry => {
    const item = fetched.get(entry.id);
    return item ? toEntry(item, entry.name) : { id: entry.id, name: entry.name, status: "loading" };
  });
  const listed = listedPerformers(entries);

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

  const intro = (
    <>
      <p>Compare the performers you saved, share the list, or ask them all at once.</p>
      <p className="mt-1 text-sm text-slate-600">Your shortlist is kept in this browser only: no account, no tracking.</p>
    </>
  );

  const loading = (
    <p role="status" className="min-h-64 text-slate-700">
      Loading your shortlist…
    </p>
  );
  if (!hydrated) {
    return (
      <PageFrame title="Your shortlist" intro={intro}>
        {loading}
        <noscript>
          <p className="mt-2 text-slate-700">Your shortlist is kept by your browser and needs JavaScript to show.</p>
        </noscript>
      </PageFrame>
    );
  }
  if (saved.length === 0) {
    return (
      <PageFrame title="Your shortlist" intro={intro}>
        <EmptyShortlist />
      </PageFrame>
    );
  }
  return (
    <PageFrame title="Your shortlist" intro={intro}>
      <Suspense fallback={loading}>
        <section aria-labelledby="shortlist-list">
          <h2 id="shortlist-list" ref={listHeading} tabIndex={-1} className="text-xl font-semibold text-slate-900">
            {performersCount(saved.length)} saved
          </h2>
          <div className="mt-3 max-w-xl">
            {listed.length > 0 ? (
              <ShareShortlist ids={listed.map((performer) => performer.id)}>
                <ClearShortlist count={saved.length} onClear={clear} />
              </ShareShortlist>
            ) : (
              <div className="flex flex-wrap gap-2">
                <ClearShortlist count={saved.length} onClear={clear} />
              </div>
            )}
          </div>
          <div className="mt-4">
            <ShortlistComparison entries={entries} mode="own" onRemove={remove} />
          </div>
        </section>
        {listed.length > 0 ? <AskThemAll performers={listed} /> : null}
      </Suspense>
    </PageFrame>
  );
}

type SaveAllState = { status: "idle" } | { status: "saved"; added: number; full: boolean };

/** Someone else's list, from a share link: shown as it is, with a way to keep it. */
function SharedShortlist({ items }: { items: readonly ShortlistItem[] }) {
  const hydrated = useHydrated();
  const own = useShortlist();
  const [saveState, setSaveState] = useState<SaveAllState>({ status: "idle" });
  const ownNames = new Map(own.map((entry) => [entry.id, entry.name]));
  const entries = items.map((item) => toEntry(item, ownNames.get(item.id) ?? null));
  const listed = listedPerformers(entries);
  const allSaved = hydrated && listed.length > 0 && listed.every((performer) => ownNames.has(performer.id));

  const saveAll = () => {
    const missing = listed.filter((performer) => !ownNames.has(performer.id)).length;
    const added = saveAllToShortlist(listed.map((performer) => ({ id: performer.id, name: performer.displayName })));
    // Fewer added than were missing: the visitor's own list ran out of room.
    setSaveState({ status: "saved", added, full: added < missing });
  };

  const intro = <p>Someone shared these performers with you. Save them to keep your own shortlist on this device.</p>;
  return (
    <PageFrame title="A shared shortlist" intro={intro}>
      <section aria-labelledby="shortlist-list">
        <h2 id="shortlist-list" className="text-xl font-semibold text-slate-900">
          {performersCount(items.length)} on this list
        </h2>
        <div className="mt-3 flex flex-wrap items-center gap-3">
          {listed.length > 0 ? (
            <Button size="lg" className="min-h-11" disabled={!hydrated || allSaved} onClick={saveAll}>
              {allSaved ? "All saved to your shortlist" : "Save these to my shortlist"}
            </Button>
          ) : null}
          {hydrated && own.length > 0 ? (
            <ButtonLink to="/shortlist" variant="secondary" size="lg" className="min-h-11">
              Open my shortlist
            </ButtonLink>
          ) : null}
        </div>
        <p role="status" className="mt-2 text-sm text-slate-700">
          {saveState.status === "saved"
            ? `${saveState.added === 0 ? "Nothing new to save." : `Saved ${performersCount(saveState.added)} to your shortlist.`}${
                saveState.full ? ` Your shortlist holds ${SHORTLIST_MAX} performers, so the rest were not saved.` : ""
              }`
            : ""}
        </p>
        <div className="mt-4">
          <ShortlistComparison entries={entries} mode="shared" />
        </div>
      </section>
      {listed.length > 0 ? <AskThemAll performers={listed} /> : null}
    </PageFrame>
  );
}

export default function ShortlistRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.ids.length > 0) return <SharedShortlist key={loaderData.ids.join(",")} items={loaderData.items} />;
  return <OwnShortlist />;
}
