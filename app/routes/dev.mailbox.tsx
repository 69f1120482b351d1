import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/dev.mailbox";
import { Badge } from "~/components/ui/Badge";
import { Button } from "~/components/ui/Button";
import { PageHeader } from "~/components/ui/PageHeader";
import { pageMeta, siteFrom } from "~/lib/meta";
import { listOutboxMessages } from "~/server/mail/mailbox.server";
import { CLOCK_DAYS, isClockDays } from "~/lib/demo-clock";
import { runJobsAsIf, type ClockRun } from "~/server/jobs/demo-clock.server";

// Demo mode only: the outbox holds password-reset links, so anywhere else this page does not exist.
export async function loader({ context }: Route.LoaderArgs) {
  if (!context.config.demoMode) throw data(null, { status: 404 });
  const messages = await listOutboxMessages(context.db, 50);
  return { messages, smtpConfigured: !!context.config.smtpUrl };
}

/** The demo clock: the scheduled jobs run once as if the chosen number of days had passed. */
export async function action({ request, context }: Route.ActionArgs) {
  if (!context.config.demoMode) throw data(null, { status: 404 });
  const form = await request.formData();
  const days = Number(form.get("days"));
  if (!isClockDays(days)) return data({ error: "Choose how many days ahead to run the jobs.", run: null }, { status: 400 });
  const run: ClockRun = await runJobsAsIf(context, days);
  return { error: null, run };
}

export function headers() {
  return { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" };
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFrom(matches);
  return pageMeta({
    title: "Dev mailbox",
    description: "Email the demo has queued, for following password-reset and notification links.",
    origin: site.origin,
    path: "/dev/mailbox",
    siteName: site.siteName,
    noindex: true,
  });
}

const STATUS_TONE = { pending: "warning", sending: "brand", sent: "success", failed: "danger" } as const;

function statusTone(status: string) {
  return STATUS_TONE[status as keyof typeof STATUS_TONE] ?? "neutral";
}

/** Deterministic on server and browser alike, so hydration never disagrees about a time zone. */
function formatTime(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

const URL_PATTERN = /(https?:\/\/[^\s<>"')\]]+)/g;

function BodyWithLinks({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <div className="mt-4 whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-4 font-mono text-sm text-slate-800">
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} className="font-semibold text-brand-700 underline hover:text-brand-900">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </div>
  );
}

function DemoClock({ result }: { result: Route.ComponentProps["actionData"] }) {
  const navigation = useNavigation();
  const running = navigation.state === "submitting";
  return (
    <section aria-labelledby="demo-clock" className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <h2 id="demo-clock" className="text-lg font-semibold text-slate-900">
        Demo clock
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        Some things happen days after an inquiry: reminders when nobody has read it, the question to the parent after the party, a
        review going live 7 days later, renewal reminders and expiries. Run those jobs now as if time had passed; the mail they send
        appears below.
      </p>
      <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="clock-days" className="block text-sm font-semibold text-slate-900">
            Days ahead
          </label>
          <select id="clock-days" name="days" defaultValue="7" className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base">
            {CLOCK_DAYS.map((days) => (
              <option key={days} value={days}>
                {days === 1 ? "1 day" : `${days} days`}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit" disabled={running} className="min-h-11">
          {running ? "Running the jobs..." : "Run the scheduled jobs"}
        </Button>
      </Form>
      {result?.error ? (
        <p role="alert" className="mt-3 text-sm font-semibold text-red-700">
          {result.error}
        </p>
      ) : null}
      {result?.run ? (
        <div role="status" className="mt-4 rounded-lg bg-slate-50 p-4 text-sm text-slate-800">
          <p className="font-semibold">
            Ran as of {formatTime(result.run.at)} ({result.run.days === 1 ? "1 day" : `${result.run.days} days`} ahead):
          </p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {result.run.steps.map((step) => (
              <li key={step.job}>
                {step.job}: {step.outcome}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

export default function DevMailbox({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, smtpConfigured } = loaderData;
  return (
    <>
      <PageHeader
        title="Dev mailbox"
        description={
          smtpConfigured
            ? "Every email the demo has queued, newest first. It is also delivered through SMTP."
            : "Every email the demo has queued, newest first. No SMTP server is configured, so nothing leaves this machine: open the links here."
        }
      >
        <p className="mt-4">
          <Link to="/dev/mailbox" className="font-semibold text-brand-700 underline hover:text-brand-900">
            Refresh
          </Link>
        </p>
      </PageHeader>
      <div className="mx-auto max-w-4xl space-y-8 px-4 py-8 sm:px-6">
        <DemoClock result={actionData} />
        {messages.length === 0 ? (
          <p className="text-slate-700">No email yet. Ask for a password reset or send an inquiry, then refresh this page.</p>
        ) : (
          <ol className="space-y-6" aria-label="Queued email, newest first">
            {messages.map((message) => (
              <li key={message.id}>
                <article
                  aria-labelledby={`mail-${message.id}`}
                  className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
                >
                  <div className="flex flex-wrap items-start justify-between gap-2">
                    <h2 id={`mail-${message.id}`} className="text-lg font-semibold text-slate-900">
                      {message.subject}
                    </h2>
                    <Badge tone={statusTone(message.status)}>{message.status}</Badge>
                  </div>
                  <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-700">
                    <dt className="font-semibold">To</dt>
                    <dd className="break-all">{message.to}</dd>
                    {message.replyTo ? (
                      <>
                        <dt className="font-semibold">Reply-To</dt>
                        <dd className="break-all">{message.replyTo}</dd>
                      </>
                    ) : null}
                    <dt className="font-semibold">Queued</dt>
                    <dd>
                      <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
                    </dd>
                    {message.sentAt ? (
                      <>
                        <dt className="font-semibold">Sent</dt>
                        <dd>
                          <time dateTime={message.sentAt}>{formatTime(message.sentAt)}</time>
                        </dd>
                      </>
                    ) : null}
                    {message.lastError ? (
                      <>
                        <dt className="font-semibold">Last error</dt>
                        <dd className="break-words">
                          {message.lastError} (attempt {message.attempts})
                        </dd>
                      </>
                    ) : null}
                  </dl>
                  <BodyWithLinks text={message.text} />
                </article>
              </li>
            ))}
          </ol>
        )}
      </div>
    </>
  );
}
