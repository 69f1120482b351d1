import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Link,
  useMatches,
  useNavigate,
  useRouteError,
  type ShouldRevalidateFunctionArgs,
} from "react-router";
import { notify } from "~/components/layout/notify";
import type { Route } from "./+types/dashboard";
import { AccountPanel } from "~/components/dashboard/AccountPanel";
import { AudienceAsk } from "~/components/dashboard/AudienceAsk";
import { CalendarCard } from "~/components/dashboard/CalendarCard";
import { Checklist } from "~/components/dashboard/Checklist";
import { FreeYearStatusCard } from "~/components/free-listing/FreeYearStatus";
import { InquiryDetail } from "~/components/dashboard/InquiryDetail";
import { InquiryList } from "~/components/dashboard/InquiryList";
import { InsightsSection } from "~/components/insights/InsightsSection";
import { StatusBox } from "~/components/dashboard/StatusBox";
import { BillingForm } from "~/components/subscription/BillingForm";
import { ErrorPage } from "~/components/layout/ErrorPage";
import { Alert } from "~/components/ui/Alert";
import { ButtonLink } from "~/components/ui/Button";
import { PageHeader } from "~/components/ui/PageHeader";
import { inboxActionSchema } from "~/lib/auth-schemas";
import { AUDIENCE_REQUIRED, audienceSavedMessage } from "~/lib/audience-rules";
import { AUDIENCE_INTENT, audienceAnswerSchema } from "~/lib/audience-schema";
import { parseForm } from "~/lib/form";
import { pageMeta, siteFrom } from "~/lib/meta";
import { requireUser } from "~/server/auth/auth.server";
import { saveAudienceAnswer } from "~/server/profiles/audience.server";
import { keepTravelRange, loadDashboard } from "~/server/dashboard/dashboard.server";
import { calendarNotice } from "~/server/calendar/calendar.server";
import { freeYearStatus } from "~/server/free-listing/free-listing-applicant.server";
import { KEEP_TRAVEL_RANGE_INTENT, TRAVEL_RANGE_KEPT } from "~/lib/travel-range-check";
import { syncAfterCheckout } from "~/server/payments/sync.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { deleteInquiry, markInquiryRead, noteInquiryOpened } from "~/server/inquiries/inbox.server";
import { questionForInquiry } from "~/server/reviews/performer.server";
import { BookingQuestion } from "~/components/reviews/BookingQuestion";

const LOAD_FAILED = "Failed to load inquiries";

function listHref(page: number) {
  return page > 1 ? `/dashboard?page=${page}` : "/dashboard";
}

function pageParam(url: URL) {
  const page = Number.parseInt(url.searchParams.get("page") ?? "1", 10);
  return Number.isFinite(page) && page > 0 ? page : 1;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(context, request);
  const url = new URL(request.url);
  const checkoutParam = url.searchParams.get("checkout");
  const checkout: "success" | "canceled" | null =
    checkoutParam === "success" || checkoutParam === "canceled" ? checkoutParam : null;
  if (checkout === "success") {
    // The browser is often back from Stripe before the webhook: read the subscription now (at most
    // once a minute per account). A failure or a skipped read only delays the status until the webhook.
    try {
      await syncAfterCheckout(context, user.id);
    } catch (error) {
      context.logger.error({ err: error, userId: user.id }, "syncing the subscription after checkout failed");
    }
  }
  const [result, freeYear, calendar] = await Promise.all([
    loadDashboard(context.db, context.logger, user.id, { page: pageParam(url), inquiryId: url.searchParams.get("inquiry") }),
    freeYearStatus(context.db, user.id),
    calendarNotice(context.db, user.id),
  ]);
  if (result.selected && "missing" in result.selected) {
    throw data("This inquiry was not found. It may have been deleted.", { status: 404 });
  }
  if (result.selected) {
    // Opening the detail is reading it; a failure to record that must not hide the inquiry.
    try {
      await noteInquiryOpened(context.db, user.id, result.selected.inquiry.id);
    } catch (error) {
      context.logger.error({ err: error, userId: user.id }, "recording an inquiry's first read failed");
    }
  }
  // "Did this one book?", once the party is past and the parent was asked (app/server/reviews/).
  const bookingQuestion = result.selected ? await questionForInquiry(context.db, user.id, result.selected.inquiry.id) : null;
  return {
    bookingQuestion,
    user: { id: user.id, email: user.email, isAdmin: user.isAdmin },
    summary: result.summary,
    inbox: result.inbox,
    selected: result.selected?.inquiry ?? null,
    checkout,
    freeYear,
    calendar,
  };
}

/** "Who are your shows for?" (AudienceAsk): the answer alone, saved with what it implies for the categories. */
async function answerAudience({ request, context }: Route.ActionArgs, userId: string, formData: FormData) {
  const form = parseForm(audienceAnswerSchema, formData);
  const refused = (audienceError: string, status: number) =>
    data({ intent: null, confirmId: null, message: null, audienceError, audienceValue: form.values.audience }, { status });
  if (!form.ok) return refused(form.errors.audience ?? AUDIENCE_REQUIRED, 400);
  const result = await saveAudienceAnswer(context.db, userId, form.data.audience);
  if (result.status === "no-profile") return refused("Create your profile first: Edit Profile asks this too.", 404);
  if (result.status === "invalid") return refused(result.message, 400);
  context.pagesChanged?.();
  return redirectWithFlash(context, request, "/dashboard", { type: "success", message: audienceSavedMessage(result.audience, result.removed) });
}

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const user = await requireUser(context, request);
  const url = new URL(request.url);
  const formData = await request.formData();
  if (formData.get("intent") === AUDIENCE_INTENT) return answerAudience(args, user.id, formData);
  if (formData.get("intent") === KEEP_TRAVEL_RANGE_INTENT) {
    if (!(await keepTravelRange(context.db, user.id))) {
      return data({ intent: null, confirmId: null, message: "Create your profile first: Edit Profile has the travel range." }, { status: 404 });
    }
    return redirectWithFlash(context, request, "/dashboard", { type: "success", message: TRAVEL_RANGE_KEPT });
  }
  const form = parseForm(inboxActionSchema, formData);
  if (!form.ok) return data({ intent: null, confirmId: null, message: "Something went wrong. Please try again." }, { status: 400 });
  const { intent, id, confirmed } = form.data;

  if (intent === "mark-read") {
    if (!(await markInquiryRead(context.db, user.id, id))) {
      return data({ intent, confirmId: null, message: "Failed to mark as read" }, { status: 404 });
    }
    const flash = { type: "success", message: "Marked as read" } as const;
    return redirectWithFlash(context, request, `${url.pathname}${url.search}#inquiry`, flash);
  }

  // Without JavaScript there was no confirm dialog: ask on the page first.
  if (confirmed !== "yes") return { intent, confirmId: id, message: null };
  if (!(await deleteInquiry(context.db, user.id, id))) {
    return data({ intent, confirmId: null, message: "Failed to delete inquiry" }, { status: 404 });
  }
  return redirectWithFlash(context, request, `${listHref(pageParam(url))}#inquiries`, {
    type: "success",
    message: "Inquiry deleted successfully",
  });
}

// After a failed mark or delete the component reloads the list itself (the detail it showed is gone).
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (actionStatus !== undefined && actionStatus >= 400) return false;
  return defaultShouldRevalidate;
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFrom(matches);
  return pageMeta({
    ...site,
    title: "Dashboard",
    description: `Manage your ${site.siteName} performer profile, listing and inquiries.`,
    path: "/dashboard",
    noindex: true,
  });
}

function CheckoutNotice({ checkout, active }: { checkout: "success" | "canceled" | null; active: boolean }) {
  if (checkout === "success" && active) {
    return (
      <Alert tone="success" title="Payment successful! Thank you.">
        Your listing is active. The receipt with your renewal date is on its way to your inbox.
      </Alert>
    );
  }
  if (checkout === "success") {
    return (
      <Alert tone="success" title="Payment successful! Thank you.">
        Your listing will be active as soon as the payment is confirmed, usually within a minute. Refresh this page if the
        status below hasn&apos;t changed yet.
      </Alert>
    );
  }
  if (checkout === "canceled") {
    return (
      <Alert tone="info" title="Checkout canceled">
        <p>No payment was taken and nothing has changed. You can subscribe whenever you&apos;re ready.</p>
        <BillingForm intent="subscribe" label="Subscribe Now" className="mt-3 sm:max-w-xs" />
      </Alert>
    );
  }
  return null;
}

export default function Dashboard({ loaderData, actionData }: Route.ComponentProps) {
  const { user, summary, inbox, selected, checkout, freeYear, calendar } = loaderData;
  const navigate = useNavigate();
  const page = inbox?.page ?? 1;

  useEffect(() => {
    if (!inbox) notify("error", LOAD_FAILED);
  }, [inbox]);

  // A failed mark or delete means the list on screen is out of date: say so and load it afresh.
  useEffect(() => {
    if (!actionData?.message) return;
    notify("error", actionData.message);
    if (actionData.intent) navigate(listHref(page), { replace: true });
  }, [actionData, navigate, page]);

  const detailHref = selected ? (page > 1 ? `/dashboard?page=${page}&inquiry=${selected.id}` : `/dashboard?inquiry=${selected.id}`) : "";
  const { siteName } = siteFrom(useMatches());

  const inquiries = (
    <section aria-labelledby="inquiries-heading" className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      <div id="inquiries" className="flex scroll-mt-36 flex-wrap items-baseline justify-between gap-2">
        <h2 id="inquiries-heading" className="text-lg font-bold text-slate-900">
          Inquiries
        </h2>
        {inbox ? (
          <p className="text-sm text-slate-700">
            {inbox.total} total, {inbox.unread} unread
          </p>
        ) : null}
      </div>
      {!inbox ? (
        <Alert tone="error" title={LOAD_FAILED}>
          Please refresh the page in a moment.
        </Alert>
      ) : selected ? (
        <>
          {loaderData.bookingQuestion ? <BookingQuestion question={loaderData.bookingQuestion} back={selected.id} /> : null}
          <InquiryDetail
            inquiry={selected}
            siteName={siteName}
            backHref={`${listHref(page)}#inquiries`}
            selfHref={detailHref}
            askToConfirm={actionData?.confirmId === selected.id}
          />
        </>
      ) : (
        <InquiryList rows={inbox.inquiries} page={inbox.page} pageCount={inbox.pageCount} />
      )}
      {actionData?.message ? <Alert tone="error">{actionData.message}</Alert> : null}
    </section>
  );
  const status = (
    <StatusBox status={summary.status} listing={summary.listing} profileId={user.id} emailConfirmed={summary.emailConfirmed} />
  );
  const checklist = <Checklist items={summary.checklist} />;
  // The free-listing application while it is news: under review, approved with the year not started,
  // or declined while the listing is still unpaid (a running year is the status box's "active until").
  const showFreeYear =
    freeYear !== null &&
    (freeYear.kind === "pending" ||
      (freeYear.kind === "approved" && freeYear.endsOn === null) ||
      (freeYear.kind === "rejected" && !summary.listing.paid));
  const freeYearCard = showFreeYear && freeYear ? <FreeYearStatusCard status={freeYear} /> : null;
  const insights = <InsightsSection insights={summary.insights} tip={summary.insightsTip} />;
  const calendarCard = calendar ? <CalendarCard notice={calendar} /> : null;
  // A listed performer's work is answering parents, so the inquiries lead; an unfinished checklist
  // still comes first (it is what keeps the listing strong). Before the listing is live, the status
  // box says what to do next and leads instead.
  const active = summary.status === "active";
  const checklistDone = summary.checklist.every((item) => item.done);

  return (
    <div>
      <PageHeader title="Dashboard" description={`Signed in as ${user.email}`} />
      <div className="mx-auto max-w-7xl space-y-6 px-4 py-8 sm:px-6">
        <CheckoutNotice checkout={checkout} active={summary.listing.paid} />
        {summary.askAudience ? (
          <AudienceAsk
            error={actionData && "audienceError" in actionData ? actionData.audienceError : null}
            value={actionData && "audienceValue" in actionData ? actionData.audienceValue : ""}
          />
        ) : null}
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="min-w-0 space-y-6 lg:col-span-2" data-testid="dashboard-main">
            {freeYearCard}
            {active ? (
              <>
                {checklistDone ? null : checklist}
                {inquiries}
                {calendarCard}
                {insights}
                {status}
                {checklistDone ? checklist : null}
              </>
            ) : (
              <>
                {status}
                {checklist}
                {inquiries}
                {calendarCard}
                {insights}
              </>
            )}
          </div>
          <AccountPanel
            email={user.email}
            profileId={user.id}
            paid={summary.paid}
            paymentExpiry={summary.paymentExpiry}
            listed={summary.listed}
            isAdmin={user.isAdmin}
          />
        </div>
        <section aria-labelledby="delete-account-heading" className="rounded-xl border border-red-200 bg-red-50/40 p-6">
          <h2 id="delete-account-heading" className="text-lg font-bold text-slate-900">
            Delete account
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            Removes your profile from the directory and deletes your photos, inquiries and account for good. A running
            subscription is cancelled.
          </p>
          <ButtonLink to="/dashboard/delete-account" variant="secondary" className="mt-3 border-red-300 text-red-800 hover:bg-red-50">
            Delete account...
          </ButtonLink>
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-20 text-center">
        <title>Inquiry not found</title>
        <h1 className="text-3xl font-bold text-slate-900">Inquiry not found</h1>
        <p className="mt-4 text-slate-700">{typeof error.data === "string" ? error.data : "This inquiry was not found."}</p>
        <Link to="/dashboard" className="mt-8 inline-block rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          Back to Dashboard
        </Link>
      </div>
    );
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return <ErrorPage status={status} />;
}
