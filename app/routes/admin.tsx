import { useEffect } from "react";
import { data, Link, redirect, useRouteError } from "react-router";
import type { Route } from "./+types/admin";
import { AdminTabs, tabCount } from "~/components/admin/AdminTabs";
import { ConfirmationStep } from "~/components/admin/ConfirmAction";
import { MessageDetail, MessagesTable } from "~/components/admin/MessagesSection";
import { ProfileDetail } from "~/components/admin/ProfileDetail";
import { ProfilesTable } from "~/components/admin/ProfilesSection";
import { RecentActions } from "~/components/admin/RecentActions";
import { RequestDetail } from "~/components/admin/RequestDetail";
import { RequestsTable } from "~/components/admin/RequestsSection";
import { SectionToolbar } from "~/components/admin/SectionToolbar";
import { UnmetSearchesTable } from "~/components/admin/UnmetSearchesSection";
import { useActionToast } from "~/components/admin/useActionToast";
import { notify } from "~/components/layout/notify";
import { Alert } from "~/components/ui/Alert";
import { PageHeader } from "~/components/ui/PageHeader";
import { ADMIN_LOAD_FAILED } from "~/lib/admin-messages";
import { adminActionSchema } from "~/lib/admin-schema";
import { ADMIN_TAB_TITLES, adminHref, parseAdminLocation, type AdminDashboardView, type ConfirmationAnswer } from "~/lib/admin-view";
import { parseForm } from "~/lib/form";
import { pageMeta, siteFrom } from "~/lib/meta";
import { confirmationFor, handleAdminAction, loadAdminDashboard } from "~/server/admin/dashboard.server";
import { requireAdmin } from "~/server/auth/auth.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { privateHeaders } from "~/server/http/cache-headers.server";

// /admin: free-listing requests, messages, profiles and the searches that found nobody, each paged, filtered and searched on the
// server, plus the audit log. Every button posts here; the role is checked on every request. Approve,
// Reject, Deactivate and the deletions are confirmed first (Reject and Deactivate with a reason).

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(context, request);
  const location = parseAdminLocation(new URL(request.url).searchParams);
  const result = await loadAdminDashboard(context.db, location);
  if (result.kind === "last-page") throw redirect(adminHref(location, { page: result.page, view: null }));
  return data(result.view, { headers: privateHeaders() });
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(context, request);
  const location = parseAdminLocation(new URL(request.url).searchParams);
  const form = parseForm(adminActionSchema, await request.formData());
  if (!form.ok) {
    const { notes, reason } = form.errors;
    // A note or reason refused: the same question again, with what was typed and why.
    if (notes || reason) {
      const confirmation = await confirmationFor(context.db, form.values);
      const answer: ConfirmationAnswer = { confirmation, errors: { notes, reason }, values: { notes: form.values.notes, reason: form.values.reason } };
      return data(answer, { status: 400, headers: privateHeaders() });
    }
    return redirectWithFlash(context, request, adminHref(location), { type: "error", message: "That action could not be read. Please try again." });
  }
  const result = await handleAdminAction(context, admin.id, form.data);
  if (result.kind === "confirm") {
    const answer: ConfirmationAnswer = { confirmation: result.confirmation, errors: result.errors, values: { notes: form.data.notes, reason: form.data.reason } };
    return data(answer, { status: result.errors.reason ? 400 : 200, headers: privateHeaders() });
  }
  // An approval lists a performer, a profile's switch or deletion shows or hides one.
  if (result.flash.type === "success") context.pagesChanged?.();
  return redirectWithFlash(context, request, adminHref(location, result.removed ? { view: null } : {}), result.flash);
}

export function headers() {
  return privateHeaders();
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFrom(matches);
  return pageMeta({ ...site, title: "Admin Dashboard", description: "Site administration.", path: "/admin", noindex: true });
}

function Section({ view, answer }: { view: AdminDashboardView & { viewMissing: boolean }; answer: ConfirmationAnswer | undefined }) {
  const { location, section, counts } = view;
  const here = adminHref(location);
  const title = ADMIN_TAB_TITLES[location.tab];
  const showingDetail = section.detail !== null;
  return (
    <section aria-labelledby="section-heading" className="mt-6 space-y-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="section-heading" className="text-2xl font-bold text-slate-900">
          {title} <span className="text-base font-medium text-slate-700">({tabCount(location.tab, counts)})</span>
        </h2>
        {location.tab === "requests" ? (
          <p className="text-sm text-slate-700">
            Free listings granted: {counts.freeListings.granted} of {counts.freeListings.limit}
          </p>
        ) : null}
      </div>
      {answer?.confirmation ? <ConfirmationStep answer={answer} action={here} /> : null}
      {view.viewMissing ? (
        <Alert tone="warning" title="That record is no longer here">
          It may have been deleted by another admin. <Link to={adminHref(location, { view: null })} className="font-semibold underline">Back to List</Link>
        </Alert>
      ) : null}
      {section.tab === "requests" && section.detail ? <RequestDetail location={location} request={section.detail} /> : null}
      {section.tab === "messages" && section.detail ? <MessageDetail location={location} message={section.detail} /> : null}
      {section.tab === "profiles" && section.detail ? <ProfileDetail location={location} profile={section.detail} /> : null}
      {!showingDetail ? (
        <>
          <SectionToolbar key={`${location.tab}:${location.status}:${location.q}`} location={location} />
          {section.tab === "requests" ? <RequestsTable location={location} rows={section.rows} info={section.pageInfo} /> : null}
          {section.tab === "messages" ? <MessagesTable location={location} rows={section.rows} info={section.pageInfo} /> : null}
          {section.tab === "profiles" ? <ProfilesTable location={location} rows={section.rows} info={section.pageInfo} /> : null}
          {section.tab === "searches" ? <UnmetSearchesTable location={location} rows={section.rows} info={section.pageInfo} /> : null}
        </>
      ) : null}
    </section>
  );
}

export default function Admin({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(adminHref(loaderData.location));
  return (
    <div>
      <PageHeader title="Admin Dashboard" description="Review free-listing requests, read the messages the site relays and look after performer profiles." />
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <AdminTabs current={loaderData.location.tab} counts={loaderData.counts} />
        <Section view={loaderData} answer={actionData} />
        <RecentActions actions={loaderData.recent} />
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    notify("error", ADMIN_LOAD_FAILED);
  }, [error]);
  return (
    <div>
      <PageHeader title="Admin Dashboard" />
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <Alert tone="error" title={ADMIN_LOAD_FAILED}>
          Please reload the page to try again. <Link to="/admin" className="font-semibold underline">Reload</Link>
        </Alert>
      </div>
    </div>
  );
}
