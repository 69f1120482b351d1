import { lazy, type ReactNode } from "react";
import { data } from "react-router";
import type { Route } from "./+types/shortlist";
import { readPublicForm } from "~/lib/form";
import { shortlistInquirySchema } from "~/lib/inquiry-schema";
import { parsePartyDate } from "~/lib/listing-refinements";
import { pageMeta, siteFrom } from "~/lib/meta";
import type { ShortlistItem } from "~/lib/shortlist";
import { cachedData, FRESH_CACHE_CONTROL, privateHeaders, routeCacheHeaders } from "~/server/http/cache-headers.server";
import { handleShortlistInquiry } from "~/server/inquiries/inquiries.server";
import { clientKey } from "~/server/http/client-key.server";
import { loadShortlist, parseShortlistIds } from "~/server/inquiries/shortlist.server";

// Each view loads on demand, so neither downloads the other's code. Neither has a Suspense boundary:
// the server waits for them, and hydration keeps the server's HTML until they arrive (the own list's
// is a placeholder: it is read from this browser once hydrated).
const SharedList = lazy(() => import("~/components/shortlist/SharedList").then((m) => ({ default: m.SharedList })));
const OwnShortlist = lazy(() => import("~/components/shortlist/OwnShortlist").then((m) => ({ default: m.OwnShortlist })));

// The shortlist is kept in the visitor's browser (app/lib/shortlist.ts), so the server never knows
// whose it is. Without `?ids` this page is the same empty frame for everyone and, once hydrated,
// asks its own loader for the saved ids' public data. With `?ids` (a share link, or that request)
// the loader answers for exactly those ids, the same for anyone who asks.

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const ids = parseShortlistIds(params.get("ids"));
  // The party date (`date`, from the page's own field or a search's link), read as the directory reads it.
  const date = parsePartyDate(params.get("date"));
  if (ids.length === 0) return cachedData(request, { ids, date, items: [] as ShortlistItem[] });
  const items = await loadShortlist(context.db, ids, { date });
  // Shared-cacheable (nothing here depends on who asks), but revalidated each time like a profile
  // page, so a performer an admin takes down shows as no longer listed at once, and a day newly
  // marked booked as booked.
  return cachedData(request, { ids, date, items }, { cacheControl: FRESH_CACHE_CONTROL });
}

// "Ask them all": one inquiry to each chosen performer (app/server/inquiries/inquiries.server.ts decides who
// may be asked and how often). A form post's answer is never cached.
export async function action({ request, context }: Route.ActionArgs) {
  const form = await readPublicForm(request, shortlistInquirySchema);
  return data(await handleShortlistInquiry(context, form, { ip: clientKey(context, request) }), { headers: privateHeaders() });
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

function PageFrame({ title, intro, children }: { title: string; intro: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:py-12">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
      <div className="mt-2 max-w-3xl text-slate-700">{intro}</div>
      <div className="mt-6">{children}</div>
    </div>
  );
}

export default function ShortlistRoute({ loaderData }: Route.ComponentProps) {
  if (loaderData.ids.length > 0) {
    return (
      <PageFrame
        title="A shared shortlist"
        intro={<p>Someone shared these performers with you. Save them to keep your own shortlist on this device.</p>}
      >
        <SharedList key={loaderData.ids.join(",")} items={loaderData.items} date={loaderData.date} />
      </PageFrame>
    );
  }
  return (
    <PageFrame
      title="Your shortlist"
      intro={
        <>
          <p>Compare the performers you saved, share the list, or ask them all at once.</p>
          <p className="mt-1 text-sm text-slate-600">Your shortlist is kept in this browser only: no account, no tracking.</p>
        </>
      }
    >
      <OwnShortlist date={loaderData.date} />
    </PageFrame>
  );
}
