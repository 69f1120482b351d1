import { data, Form, Link } from "react-router";
import type { Route } from "./+types/replies";
import { ThreadList } from "~/components/replies/ThreadList";
import { Alert } from "~/components/ui/Alert";
import { Button } from "~/components/ui/Button";
import { PageHeader } from "~/components/ui/PageHeader";
import { formatDay } from "~/lib/calendar";
import { pageMeta, siteFrom } from "~/lib/meta";
import { privateHeaders } from "~/server/http/cache-headers.server";
import { confirmReplyAddress, readReplyLink } from "~/server/inquiries/reply-links.server";

// /replies?token=: the link in a reply mail, for the parent to read a performer's answers with no
// account. Opening it changes nothing (mail scanners open links by themselves); its button confirms
// that the address is theirs, after which the performer's next replies come in full by email.

const LINK_INVALID = "This link has expired or is not valid. The performer's replies also reach you by email, each with a fresh link.";

function tokenOf(request: Request): string {
  return new URL(request.url).searchParams.get("token") ?? "";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const thread = await readReplyLink(context.db, tokenOf(request));
  return data({ thread }, { status: thread ? 200 : 404, headers: privateHeaders() });
}

export async function action({ request, context }: Route.ActionArgs) {
  // The token travels in the address the form posts to, as in the link.
  const confirmed = await confirmReplyAddress(context.db, tokenOf(request));
  return data({ confirmed }, { status: confirmed ? 200 : 400, headers: privateHeaders() });
}

export function headers() {
  return { ...Object.fromEntries(privateHeaders()), "X-Robots-Tag": "noindex", "Referrer-Policy": "no-referrer" };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ ...siteFrom(matches), path: "/replies", title: "Your replies", description: "A performer's answer to your inquiry.", noindex: true });

export default function Replies({ loaderData, actionData }: Route.ComponentProps) {
  const { thread } = loaderData;
  if (!thread) {
    return (
      <>
        <PageHeader title="Your replies" />
        <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6">
          <Alert tone="error">
            {LINK_INVALID}{" "}
            <Link to="/search" className="font-semibold underline">
              Search performers
            </Link>
          </Alert>
        </div>
      </>
    );
  }
  const name = thread.performerName;
  const confirmedNow = actionData?.confirmed === true;
  return (
    <>
      <PageHeader title={<span className="[overflow-wrap:anywhere]">Reply from {name}</span>} description={thread.eventDate ? `About your event on ${formatDay(thread.eventDate)}` : undefined} />
      <div className="mx-auto max-w-2xl space-y-6 px-4 py-8 sm:px-6">
        {thread.entries.length > 0 ? (
          <ThreadList entries={thread.entries} viewer="parent" performerName={name} />
        ) : (
          <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">Nothing to show here yet.</p>
        )}
        <p className="text-slate-800">
          To answer {name}, reply to their email: it goes straight to them.{" "}
          <Link to={`/profile/${encodeURIComponent(thread.performerId)}`} className="font-semibold text-brand-700 underline">
            See their profile
          </Link>
        </p>
        {confirmedNow || thread.addressConfirmed ? (
          <Alert tone="success">Thank you. The next replies from {name} will reach you in full by email.</Alert>
        ) : actionData?.confirmed === false ? (
          <Alert tone="error">This button was already used or the link has expired. Nothing changed.</Alert>
        ) : thread.canConfirm ? (
          <Form method="post" className="space-y-3 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <p className="text-slate-800">
              For your safety, we only email a link until you tell us this address is yours. Press the button and the next replies from {name}
              will come to you in full by email.
            </p>
            <Button type="submit" size="lg" className="min-h-12 w-full sm:w-auto">
              Yes, this is my email: send replies in full
            </Button>
            <p className="text-sm text-slate-700">Didn't ask a performer anything? Close this page: nothing changes unless you press the button.</p>
          </Form>
        ) : null}
      </div>
    </>
  );
}
