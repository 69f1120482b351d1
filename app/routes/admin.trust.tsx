import { data, Form, Link } from "react-router";
import type { Route } from "./+types/admin.trust";
import { Button } from "~/components/ui/Button";
import { TextField } from "~/components/ui/Field";
import { PageHeader } from "~/components/ui/PageHeader";
import { parseForm } from "~/lib/form";
import { pageMeta, siteFrom } from "~/lib/meta";
import { dollarsShort, trustDecisionSchema } from "~/lib/trust";
import { requireAdmin } from "~/server/auth/auth.server";
import { privateHeaders } from "~/server/http/cache-headers.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { todayIso } from "~/server/trust/figures.server";
import { decideTrustDocument, expiringSoon, trustQueue } from "~/server/trust/review.server";

// /admin/trust: the admin dashboard's Trust section. Pending background checks and insurance
// certificates, oldest first, 25 a page: open the file (its route checks the role and audits the
// opening), compare the name and dates with what the performer typed, then approve with the date
// the review stays valid until or reject with a reason the performer is emailed. Below, what ends
// within 30 days. The role is checked on every request; each decision is one audited transaction.

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const page = Number(new URL(request.url).searchParams.get("page") ?? "1");
  const today = todayIso();
  const [queue, expiring] = await Promise.all([trustQueue(context.db, { page }), expiringSoon(context.db, today)]);
  return data({ queue, expiring, today }, { headers: privateHeaders() });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const form = parseForm(trustDecisionSchema(todayIso()), await request.formData());
  if (!form.ok) return data({ id: form.values.id, errors: form.errors, values: form.values }, { status: 400, headers: privateHeaders() });
  const { id, decision, validUntil, reason, page } = form.data;
  const outcome = await decideTrustDocument(context, admin.id, id, decision === "approve" ? { decision, validUntil: validUntil ?? "" } : { decision, reason: reason ?? "" });
  if (outcome.ok) context.pagesChanged?.();
  const back = page && /^\d{1,6}$/.test(page) && page !== "1" ? `/admin/trust?page=${page}` : "/admin/trust";
  return redirectWithFlash(context, request, back, { type: outcome.ok ? "success" : "error", message: outcome.message });
}

export function headers() {
  return privateHeaders();
}

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ ...siteFrom(matches), title: "Trust - Admin Dashboard", description: "Site administration.", path: "/admin/trust", noindex: true });
}

const KIND_WORDS = { background_check: "Background check", insurance: "Insurance" } as const;

export default function AdminTrust({ loaderData, actionData }: Route.ComponentProps) {
  const { queue, expiring, today } = loaderData;
  const pages = Math.max(1, Math.ceil(queue.total / queue.pageSize));
  return (
    <div>
      <PageHeader title="Admin Dashboard" description="Background checks and certificates of insurance sent for review." />
      <div className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6">
        <p>
          <Link to="/admin" className="font-semibold text-brand-800 underline">
            All admin sections
          </Link>
        </p>
        <section aria-labelledby="queue-heading" className="space-y-4">
          <h2 id="queue-heading" className="text-2xl font-bold text-slate-900">
            Trust documents <span className="text-base font-medium text-slate-700">({queue.total} waiting)</span>
          </h2>
          <p className="text-sm text-slate-700">
            Open the file and check that the name matches the person it is sent for, that the provider or carrier is the one named, and the dates. Approve only what the document itself
            shows.
          </p>
          {queue.rows.length === 0 ? <p className="text-slate-700">Nothing waiting.</p> : null}
          <ul className="space-y-4">
            {queue.rows.map((item) => {
              const failed = actionData?.id === item.id ? actionData : null;
              const errors: Record<string, string> = failed?.errors ?? {};
              const values = (failed?.values ?? {}) as Record<string, string>;
              return (
                <li key={item.id} className="space-y-3 rounded-lg border border-slate-200 p-4 [overflow-wrap:anywhere]" aria-labelledby={`doc-${item.id}`}>
                  <h3 id={`doc-${item.id}`} className="font-bold text-slate-900">
                    {KIND_WORDS[item.kind]}: {item.kind === "background_check" ? item.personName : item.performerName}
                  </h3>
                  <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm text-slate-800 sm:grid-cols-2">
                    <div>
                      <dt className="inline font-medium">Listing: </dt>
                      <dd className="inline">
                        <Link to={`/profile/${item.profileId}`} className="underline">
                          {item.performerName}
                        </Link>
                      </dd>
                    </div>
                    <div>
                      <dt className="inline font-medium">{item.kind === "insurance" ? "Carrier: " : "Provider: "}</dt>
                      <dd className="inline">{item.provider}</dd>
                    </div>
                    {item.issuedOn ? (
                      <div>
                        <dt className="inline font-medium">Dated: </dt>
                        <dd className="inline">{item.issuedOn}</dd>
                      </div>
                    ) : null}
                    {item.limitDollars ? (
                      <div>
                        <dt className="inline font-medium">Liability limit: </dt>
                        <dd className="inline">{dollarsShort(item.limitDollars)}</dd>
                      </div>
                    ) : null}
                    {item.expiresOn ? (
                      <div>
                        <dt className="inline font-medium">Expires: </dt>
                        <dd className="inline">{item.expiresOn}</dd>
                      </div>
                    ) : null}
                    <div>
                      <dt className="inline font-medium">Sent: </dt>
                      <dd className="inline">{item.uploadedAt.slice(0, 10)}</dd>
                    </div>
                  </dl>
                  <p>
                    <a href={`/dashboard/trust/documents/${item.id}`} target="_blank" rel="noreferrer" className="font-semibold text-brand-800 underline">
                      Open the document ({item.contentType === "application/pdf" ? "PDF" : "image"}, {Math.max(1, Math.round(item.byteSize / 1024))} KB)
                    </a>
                  </p>
                  <div className="grid gap-4 sm:grid-cols-2">
                    <Form method="post" className="space-y-2">
                      <input type="hidden" name="id" value={item.id} />
                      <input type="hidden" name="page" value={String(queue.page)} />
                      <TextField
                        id={`until-${item.id}`}
                        name="validUntil"
                        type="date"
                        label="Reviewed until"
                        min={today}
                        defaultValue={values.validUntil ?? (item.kind === "insurance" ? (item.expiresOn ?? "") : "")}
                        hint={item.kind === "insurance" ? "The policy's expiry, as printed." : "Usually a year after the report's date."}
                        error={errors.validUntil}
                      />
                      <Button type="submit" name="decision" value="approve" size="sm" className="min-h-11">
                        Approve
                      </Button>
                    </Form>
                    <Form method="post" className="space-y-2">
                      <input type="hidden" name="id" value={item.id} />
                      <input type="hidden" name="page" value={String(queue.page)} />
                      <TextField id={`reason-${item.id}`} name="reason" label="Reason (emailed to the performer)" maxLength={500} defaultValue={values.reason ?? ""} error={errors.reason} />
                      <Button type="submit" name="decision" value="reject" variant="secondary" size="sm" className="min-h-11">
                        Reject
                      </Button>
                    </Form>
                  </div>
                </li>
              );
            })}
          </ul>
          {pages > 1 ? (
            <nav aria-label="Queue pages" className="flex gap-4">
              {queue.page > 1 ? (
                <Link to={`/admin/trust?page=${queue.page - 1}`} className="underline">
                  Previous page
                </Link>
              ) : null}
              <span>
                Page {queue.page} of {pages}
              </span>
              {queue.page < pages ? (
                <Link to={`/admin/trust?page=${queue.page + 1}`} className="underline">
                  Next page
                </Link>
              ) : null}
            </nav>
          ) : null}
        </section>
        <section aria-labelledby="expiring-heading" className="space-y-3">
          <h2 id="expiring-heading" className="text-xl font-bold text-slate-900">
            Ending within 30 days
          </h2>
          {expiring.length === 0 ? (
            <p className="text-slate-700">Nothing ends within 30 days.</p>
          ) : (
            <ul className="space-y-2 text-sm text-slate-800">
              {expiring.map((item) => (
                <li key={item.id} className="[overflow-wrap:anywhere]">
                  <Link to={`/profile/${item.profileId}`} className="font-semibold underline">
                    {item.performerName}
                  </Link>
                  : {KIND_WORDS[item.kind]}
                  {item.personName ? ` for ${item.personName}` : ""}, until {item.validUntil}
                  {item.reminded ? " (performer reminded)" : ""}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  );
}
