import { data, Form, Link } from "react-router";
import type { Route } from "./+types/alerts.unsubscribe";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { PageHeader } from "~/components/ui/PageHeader";
import { pageMeta, siteFrom } from "~/lib/meta";
import { UNSUBSCRIBE_BUTTON, UNSUBSCRIBE_LINK_INVALID, UNSUBSCRIBE_PAGE_TITLE, UNSUBSCRIBED_TITLE } from "~/lib/search-alert-view";
import { readUnsubscribeLink, unsubscribeAlert } from "~/server/alerts/unsubscribe.server";
import { privateHeaders } from "~/server/http/cache-headers.server";

// /alerts/unsubscribe?token=: the link at the foot of every alert mail and its List-Unsubscribe
// header. Opening it only shows a button (a link preview must not unsubscribe anyone); a post
// unsubscribes, whether the page's button sent it or a mail program's one-click unsubscribe
// (RFC 8058: a post of "List-Unsubscribe=One-Click" to this same address, token in the query).

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await readUnsubscribeLink(context.db, context.config.authSecret, token);
  return data({ token, link }, { status: link.kind === "invalid" ? 400 : 200, headers: privateHeaders() });
}

export async function action({ request, context }: Route.ActionArgs) {
  const fromQuery = new URL(request.url).searchParams.get("token");
  let token = fromQuery ?? "";
  if (!fromQuery) {
    const form = await request.formData().catch(() => null);
    const posted = form?.get("token");
    token = typeof posted === "string" ? posted : "";
  }
  const outcome = await unsubscribeAlert(context.db, context.config.authSecret, token);
  return data({ outcome }, { status: outcome === "done" ? 200 : 400, headers: privateHeaders() });
}

export function headers() {
  return { ...Object.fromEntries(privateHeaders()), "X-Robots-Tag": "noindex" };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    ...siteFrom(matches),
    path: "/alerts/unsubscribe",
    title: UNSUBSCRIBE_PAGE_TITLE,
    description: "Stop an email alert.",
    noindex: true,
  });

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const { link, token } = loaderData;
  let body;
  if (actionData?.outcome === "done" || (!actionData && link.kind === "gone")) {
    body = (
      <Alert tone="success" title={UNSUBSCRIBED_TITLE}>
        <p>
          You can ask for a new alert from any search that finds nobody.{" "}
          <Link to="/search" className="font-semibold underline">
            Search performers
          </Link>
        </p>
      </Alert>
    );
  } else if (actionData?.outcome === "invalid" || link.kind !== "valid") {
    body = <Alert tone="error">{UNSUBSCRIBE_LINK_INVALID}</Alert>;
  } else {
    body = (
      <Form method="post" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <p className="text-slate-800 [overflow-wrap:anywhere]">
          Stop the emails about new performers for <strong className="font-semibold">{link.search}</strong>?
        </p>
        <input type="hidden" name="token" value={token} />
        <Button type="submit" size="lg">
          {UNSUBSCRIBE_BUTTON}
        </Button>
      </Form>
    );
  }
  return (
    <>
      <PageHeader title={UNSUBSCRIBE_PAGE_TITLE} />
      <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6">{body}</div>
    </>
  );
}
