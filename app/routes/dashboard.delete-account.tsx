import type { FormEvent } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/dashboard.delete-account";
import { TAP_HEIGHT } from "~/components/auth/AuthFields";
import { Alert } from "~/components/ui/Alert";
import { Button, ButtonLink } from "~/components/ui/Button";
import { Card } from "~/components/ui/Card";
import { TextField } from "~/components/ui/Field";
import { PageHeader } from "~/components/ui/PageHeader";
import { fieldBinder, useFieldErrors } from "~/components/ui/useFieldErrors";
import { ACCOUNT_DELETION_TEXTS, DELETE_ACCOUNT_WORD, deleteAccountSchema } from "~/lib/account-deletion";
import { parseForm, type FieldErrors } from "~/lib/form";
import { pageMeta, siteFrom } from "~/lib/meta";
import { deleteAccount } from "~/server/profiles/account-deletion.server";
import { checkCurrentPassword, signOut } from "~/server/auth/accounts.server";
import { getSessionUser, requireUser } from "~/server/auth/auth.server";
import { privateHeaders } from "~/server/http/cache-headers.server";
import { readListingStatus } from "~/server/payments/status.server";

// /dashboard/delete-account: the performer deletes their own account by typing DELETE and their
// password (an open session alone, on a shared or stolen device, is not enough). The password is
// checked under the sign-in limits (checkCurrentPassword), so this form is no unlimited way to test
// guesses. The work is deleteAccount (app/server/profiles/account-deletion.server.ts), the same code an
// admin's profile deletion runs. Afterwards the person lands here signed out, on the page saying it is done.

const DONE_PATH = "/dashboard/delete-account?done=1";

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The page after the deletion: the account and its session are gone, so there is no one to require.
  if (url.searchParams.has("done") && !(await getSessionUser(context, request))) {
    return data({ kind: "done" as const }, { headers: privateHeaders() });
  }
  const user = await requireUser(context, request);
  const listing = await readListingStatus(context.db, user.id);
  const renewing = listing.subscription !== null && listing.subscription.cancelsOn === null;
  return data({ kind: "confirm" as const, email: user.email, renewing }, { headers: privateHeaders() });
}

interface ActionAnswer {
  errors: FieldErrors;
  /** What was typed, to keep on a page without JavaScript; the password is never sent back. */
  values: { confirmation: string; password: string };
  failed: string | null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUser(context, request);
  const form = parseForm(deleteAccountSchema, await request.formData());
  const values = { confirmation: form.values.confirmation, password: "" };
  const answer = (status: number, errors: FieldErrors, failed: string | null = null) =>
    data<ActionAnswer>({ errors, values, failed }, { status, headers: privateHeaders() });
  if (!form.ok) return answer(400, form.errors);
  const password = await checkCurrentPassword(context, request, user, form.data.password);
  if (password === "rate-limited") return answer(429, {}, ACCOUNT_DELETION_TEXTS.tooManyAttempts);
  if (password === "wrong") return answer(400, { password: ACCOUNT_DELETION_TEXTS.wrongPassword });
  try {
    await deleteAccount(context, { userId: user.id, actor: { kind: "self" } });
  } catch (error) {
    context.logger.error({ err: error, userId: user.id }, "account deletion failed; nothing was deleted");
    return answer(503, {}, ACCOUNT_DELETION_TEXTS.failed);
  }
  context.pagesChanged?.();
  // The session row went with the account; this also tells the browser to drop its cookie.
  const signedOut = await signOut(context, request).catch(() => null);
  return redirect(DONE_PATH, { headers: signedOut?.ok ? signedOut.headers : undefined });
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const site = siteFrom(matches);
  const done = loaderData?.kind === "done";
  return pageMeta({
    ...site,
    title: done ? "Account deleted" : "Delete Account",
    description: done ? `Your ${site.siteName} account has been deleted.` : `Delete your ${site.siteName} account and everything in it.`,
    path: "/dashboard/delete-account",
    noindex: true,
  });
};

function Done() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">{ACCOUNT_DELETION_TEXTS.doneTitle}</h1>
      <p role="status" className="mt-4 text-slate-700">
        Your profile has left the directory, and your photos, the inquiries sent to you and your sign-in are gone. You have
        been signed out. A confirmation is on its way to your email address.
      </p>
      <ButtonLink to="/" className="mt-8">
        Back to Home
      </ButtonLink>
    </div>
  );
}

function ConfirmDeletion({ email, renewing, answer }: { email: string; renewing: boolean; answer: ActionAnswer | undefined }) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formAction?.startsWith("/dashboard/delete-account") === true;
  const { errors, onSubmit, clearChanged } = useFieldErrors(answer?.errors, deleteAccountSchema);
  const field = fieldBinder("delete-account", answer?.values, errors);

  function confirmFirst(event: FormEvent<HTMLFormElement>) {
    onSubmit(event);
    if (event.defaultPrevented) return;
    if (!window.confirm(ACCOUNT_DELETION_TEXTS.dialog)) event.preventDefault();
  }

  return (
    <div>
      <PageHeader title="Delete Account" description={`Signed in as ${email}`} />
      <div className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6">
        <Link to="/dashboard" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline">
          <span aria-hidden="true">←</span> Back to Dashboard
        </Link>
        <Card as="section" className="space-y-4 border-red-200">
          <h2 className="text-lg font-bold text-slate-900">What deleting your account does</h2>
          <ul className="list-disc space-y-1 pl-5 text-slate-700">
            <li>Your profile leaves the directory at once.</li>
            <li>Your photos, the inquiries visitors sent you and any free-listing application are deleted.</li>
            <li>You are signed out, and {email} can no longer sign in.</li>
            {renewing ? (
              <li>
                Your Yearly Membership subscription is cancelled now, so you will not be charged again. Payments already made
                are not refunded.
              </li>
            ) : null}
            <li>We send a confirmation to {email}.</li>
          </ul>
          <p className="font-semibold text-red-800">This cannot be undone.</p>
          {answer?.failed ? <Alert tone="error">{answer.failed}</Alert> : null}
          <Form method="post" noValidate onSubmit={confirmFirst} onChange={clearChanged} className="space-y-4">
            <TextField
              {...field("confirmation")}
              label={ACCOUNT_DELETION_TEXTS.fieldLabel}
              hint={`Type the word ${DELETE_ACCOUNT_WORD} in the box.`}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              required
              className={`${TAP_HEIGHT} sm:max-w-xs`}
            />
            <TextField
              {...field("password")}
              label={ACCOUNT_DELETION_TEXTS.passwordLabel}
              hint={`${ACCOUNT_DELETION_TEXTS.passwordHint} Then press the button.`}
              type="password"
              autoComplete="current-password"
              required
              className={`${TAP_HEIGHT} sm:max-w-xs`}
            />
            <div className="flex flex-wrap items-center gap-3">
              <Button type="submit" variant="dangerConfirm" disabled={submitting}>
                {submitting ? ACCOUNT_DELETION_TEXTS.pending : ACCOUNT_DELETION_TEXTS.button}
              </Button>
              <ButtonLink to="/dashboard" variant="secondary">
                Cancel
              </ButtonLink>
            </div>
          </Form>
        </Card>
      </div>
    </div>
  );
}

export default function DeleteAccount({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind === "done") return <Done />;
  return <ConfirmDeletion email={loaderData.email} renewing={loaderData.renewing} answer={actionData} />;
}
