import { data, Link } from "react-router";
import type { Route } from "./+types/confirm-email";
import { ResendConfirmation } from "~/components/account/ResendConfirmation";
import { AuthLayout, authLinkClass } from "~/components/auth/AuthLayout";
import { Alert } from "~/components/ui/Alert";
import { ButtonLink } from "~/components/ui/Button";
import { safeRedirectPath } from "~/lib/auth-schemas";
import {
  ALREADY_CONFIRMED,
  CONFIRM_EMAIL_LABEL,
  CONFIRM_EMAIL_PATH,
  CONFIRMATION_SENT,
  confirmationLimitMessage,
  EMAIL_CONFIRMED,
  EMAIL_CONFIRMED_SIGN_IN,
  type ConfirmLinkState,
} from "~/lib/email-confirmation";
import { pageMeta, siteFrom } from "~/lib/meta";
import { getSessionUser, requireUser } from "~/server/auth/auth.server";
import { confirmEmail, isEmailConfirmed, resendConfirmationMail } from "~/server/auth/email-confirmation.server";
import { redirectWithFlash, type Flash } from "~/server/http/flash.server";

// The link in the confirmation mail (?token=...) and the "Resend email" button's action. A followed
// link lands on the dashboard, or on sign-in for a visitor who is signed out (or signed in to
// another account), with the toast "Email confirmed"; a bad or old link stays here and says so.

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const current = await getSessionUser(context, request);
  let link: ConfirmLinkState = null;
  if (token !== null) {
    const outcome = await confirmEmail(context, request, token);
    if (outcome === "confirmed") {
      const mine = current ? await isEmailConfirmed(context.db, current.id) : false;
      return redirectWithFlash(context, request, mine ? "/dashboard" : "/signin", {
        type: "success",
        message: mine ? EMAIL_CONFIRMED : EMAIL_CONFIRMED_SIGN_IN,
      });
    }
    link = outcome;
  }
  const view = {
    link,
    email: current?.email ?? null,
    confirmed: current ? await isEmailConfirmed(context.db, current.id) : false,
  };
  return data(view, { status: link ? 400 : 200 });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const returnTo = safeRedirectPath(form.get("redirectTo"));
  const current = await requireUser(context, request, { redirectTo: CONFIRM_EMAIL_PATH });
  const outcome = await resendConfirmationMail(context, current.id);
  const flash: Flash =
    outcome.kind === "sent"
      ? { type: "success", message: CONFIRMATION_SENT(outcome.email) }
      : outcome.kind === "already-confirmed"
        ? { type: "info", message: ALREADY_CONFIRMED }
        : { type: "error", message: confirmationLimitMessage(outcome.retryAfterSeconds) };
  return redirectWithFlash(context, request, returnTo, flash);
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFrom(matches);
  return pageMeta({
    ...site,
    title: CONFIRM_EMAIL_LABEL,
    description: `Confirm the email address of your ${site.siteName} performer account.`,
    path: CONFIRM_EMAIL_PATH,
    noindex: true,
  });
}

function LinkProblem({ link }: { link: ConfirmLinkState }) {
  if (link === "expired") {
    return (
      <Alert tone="error" title="This confirmation link has expired" className="mb-5">
        Links work for a week. Ask for a new one below.
      </Alert>
    );
  }
  if (link === "invalid") {
    return (
      <Alert tone="error" title="This confirmation link is not valid" className="mb-5">
        It may be incomplete (copy the whole link from the email), or its account may no longer exist.
      </Alert>
    );
  }
  return null;
}

export default function ConfirmEmail({ loaderData }: Route.ComponentProps) {
  const { link, email, confirmed } = loaderData;
  return (
    <AuthLayout
      title={CONFIRM_EMAIL_LABEL}
      description="Confirming your address shows it is yours. Until then your listing can't go live and you can't subscribe."
    >
      {confirmed ? (
        <>
          <Alert tone="success" title={ALREADY_CONFIRMED} className="mb-5">
            Nothing more to do here.
          </Alert>
          <ButtonLink to="/dashboard">Go to your dashboard</ButtonLink>
        </>
      ) : email ? (
        <>
          <LinkProblem link={link} />
          <p className="mb-5 text-sm text-slate-800">
            We sent a link to <strong className="break-all">{email}</strong>. Open it to confirm your address, or ask for a new
            one.
          </p>
          <ResendConfirmation returnTo={CONFIRM_EMAIL_PATH} variant="primary" />
        </>
      ) : (
        <>
          <LinkProblem link={link} />
          <p className="text-sm text-slate-800">
            Open the link in the email we sent when you signed up.{" "}
            <Link to={`/signin?redirectTo=${encodeURIComponent(CONFIRM_EMAIL_PATH)}`} className={authLinkClass}>
              Sign in
            </Link>{" "}
            to send a new one.
          </p>
        </>
      )}
    </AuthLayout>
  );
}
