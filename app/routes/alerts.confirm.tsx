import { data, Form, Link } from "react-router";
import type { Route } from "./+types/alerts.confirm";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { PageHeader } from "~/components/ui/PageHeader";
import { pageMeta, siteFrom } from "~/lib/meta";
import { CONFIRM_ADDRESS_FULL, CONFIRM_BUTTON, CONFIRM_LINK_INVALID, CONFIRM_PAGE_TITLE, CONFIRMED_TITLE } from "~/lib/search-alert-view";
import { confirmAlert, readConfirmLink } from "~/server/alerts/confirm.server";
import { privateHeaders } from "~/server/http/cache-headers.server";

// /alerts/confirm?token=: the link in the confirmation mail. Opening it changes nothing (mail
// scanners and previews open links by themselves); the page shows the search and a button, and the
// button's post starts the alert and spends the link.

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await readConfirmLink(context.db, token);
  return data({ token: link.kind === "valid" ? token : "", link }, { status: link.kind === "valid" ? 200 : 400, headers: privateHeaders() });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = form.get("token");
  const outcome = await confirmAlert(context.db, typeof token === "string" ? token : "");
  return data(outcome, { status: outcome.kind === "confirmed" ? 200 : 400, headers: privateHeaders() });
}

export function headers() {
  return { ...Object.fromEntries(privateHeaders()), "X-Robots-Tag": "noindex" };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    ...siteFrom(matches),
    path: "/alerts/confirm",
    title: CONFIRM_PAGE_TITLE,
    description: "Start the email alert you asked for.",
    noindex: true,
  });

export default function ConfirmAlert({ loaderData, actionData }: Route.ComponentProps) {
  let body;
  if (actionData?.kind === "confirmed") {
    body = (
      <Alert tone="success" title={CONFIRMED_TITLE}>
        <p className="[overflow-wrap:anywhere]">
          We'll email you each time a performer for {actionData.search} is listed. Every email has a link to stop them.
        </p>
        <p className="mt-2">
          <Link to="/categories" className="font-semibold underline">
            Browse performers meanwhile
          </Link>
        </p>
      </Alert>
    );
  } else if (actionData?.kind === "full") {
    body = <Alert tone="error">{CONFIRM_ADDRESS_FULL}</Alert>;
  } else if (actionData?.kind === "invalid" || loaderData.link.kind !== "valid") {
    body = (
      <Alert tone="error">
        {CONFIRM_LINK_INVALID}{" "}
        <Link to="/search" className="font-semibold underline">
          Search performers
        </Link>
      </Alert>
    );
  } else {
    body = (
      <Form method="post" className="space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
        <p className="text-slate-800 [overflow-wrap:anywhere]">
          Email me each time a performer for <strong className="font-semibold">{loaderData.link.search}</strong> is listed.
        </p>
        <input type="hidden" name="token" value={loaderData.token} />
        <Button type="submit" size="lg">
          {CONFIRM_BUTTON}
        </Button>
        <p className="text-sm text-slate-700">Didn't ask for this? Close this page: nothing is sent unless you press the button.</p>
      </Form>
    );
  }
  return (
    <>
      <PageHeader title={CONFIRM_PAGE_TITLE} />
      <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6">{body}</div>
    </>
  );
}
