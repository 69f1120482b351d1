import { data } from "react-router";
import type { Route } from "./+types/alerts";
import { SearchAlertForm } from "~/components/search/SearchAlertForm";
import { PageHeader } from "~/components/ui/PageHeader";
import { readPublicForm } from "~/lib/form";
import { pageMeta, siteFrom } from "~/lib/meta";
import { searchAlertSchema } from "~/lib/search-alert-schema";
import { handleAlertSubscribe } from "~/server/alerts/subscribe.server";
import { clientKey } from "~/server/http/client-key.server";
import { privateHeaders } from "~/server/http/cache-headers.server";

// /alerts: where the "Tell me when a performer is listed" form posts. With JavaScript the search
// page keeps its place and shows the answer in the form; without it the browser comes here, and
// this page shows the confirmation or the form again with its messages. A GET shows the form for
// the search in its address (?q=&state=&city=&place=).

export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const text = (name: string) => (params.get(name) ?? "").trim().slice(0, 200);
  return data({ q: text("q"), state: text("state"), city: text("city"), place: text("place") }, { headers: privateHeaders() });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readPublicForm(request, searchAlertSchema);
  const result = await handleAlertSubscribe(context, form, clientKey(context, request));
  const status = result.ok || Object.keys(result.errors).length === 0 ? 200 : 400;
  return data(result, { status, headers: privateHeaders() });
}

export function headers() {
  return { ...Object.fromEntries(privateHeaders()), "X-Robots-Tag": "noindex" };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    ...siteFrom(matches),
    path: "/alerts",
    title: "Email me when a performer is listed",
    description: "Get an email when a performer for your search is listed near you.",
    noindex: true,
  });

export default function Alerts({ loaderData, actionData }: Route.ComponentProps) {
  // After a post the search is the one that was posted, so the form shows what the visitor asked for.
  const search = actionData && !actionData.ok ? actionData.values : loaderData;
  return (
    <>
      <PageHeader title="Email me when a performer is listed" description="No performer matches your search yet. We can tell you when one is listed." />
      <div className="mx-auto max-w-2xl space-y-6 px-4 py-8 sm:px-6">
        <SearchAlertForm q={search.q} state={search.state || null} city={search.city || null} place={search.place || null} result={actionData} />
      </div>
    </>
  );
}
