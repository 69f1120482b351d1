import { useEffect } from "react";
import { data, isRouteErrorResponse, Link, redirect, useRouteLoaderData } from "react-router";
import { notify } from "~/components/layout/notify";
import type { Route } from "./+types/dashboard.edit-profile";
import { ProfileEditorForm } from "~/components/profile-editor/ProfileEditorForm";
import { Alert } from "~/components/ui/Alert";
import { ErrorPage } from "~/components/layout/ErrorPage";
import { errorTitle } from "~/components/layout/error-text";
import { pageMeta, siteFrom } from "~/lib/meta";
import { parseForm } from "~/lib/form";
import { trademarkSaveNote } from "~/lib/trademark-names";
import type { ProfileErrors, ProfileFormValues } from "~/lib/profile-schema";
import { OFFER_SECTION_FIELD, offerSchema, type OfferErrors, type OfferFormValues } from "~/lib/package-schema";
import { requireUser } from "~/server/auth/auth.server";
import { redirectWithFlash } from "~/server/http/flash.server";
import { loadProfileForEdit, profileFormSchema, resolveEditTarget, saveProfile } from "~/server/profiles/profile-editor.server";

const PROFILE_SAVED = "Profile updated successfully!";
const PROFILE_SAVE_FAILED = "Failed to update profile";
const PROFILE_LOAD_FAILED = "Failed to load profile data";
const NO_ERRORS: ProfileErrors & OfferErrors = {};

// One module serves /dashboard/edit-profile (one's own profile) and /dashboard/edit-profile/:id
// (an admin editing someone else's).
function requestedIdOf(params: Route.LoaderArgs["params"]): string | undefined {
  return "id" in params ? params.id : undefined;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireUser(context, request);
  const result = await loadProfileForEdit(context.db, actor, requestedIdOf(params));
  if (result.status === "forbidden") throw redirect("/dashboard");
  if (result.status === "not-found") throw data("Profile not found", { status: 404 });
  return result.data;
}

interface ActionResult {
  values: ProfileFormValues;
  /** The Packages section as typed; null when the post did not carry it. */
  offer: OfferFormValues | null;
  errors: ProfileErrors & OfferErrors;
  formError: string | null;
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireUser(context, request);
  const requestedId = requestedIdOf(params);
  // Someone else's profile is simply not there for a performer: nothing is read or written.
  if (!resolveEditTarget(actor, requestedId)) throw data("Not Found", { status: 404 });

  // The shared schema plus the server's own check that the state has the city.
  const formData = await request.formData();
  const form = parseForm(profileFormSchema, formData);
  const values = form.values;
  // The Packages section posts with the profile; a post without it (an older page) leaves the
  // stored packages alone rather than emptying them.
  const offerForm = formData.has(OFFER_SECTION_FIELD) ? parseForm(offerSchema, formData) : null;
  const offer = offerForm?.values ?? null;
  if (!form.ok || (offerForm && !offerForm.ok)) {
    const errors = { ...(form.ok ? {} : form.errors), ...(offerForm && !offerForm.ok ? offerForm.errors : {}) };
    return data<ActionResult>({ values, offer, errors, formError: null }, { status: 400 });
  }

  let result: Awaited<ReturnType<typeof saveProfile>>;
  try {
    const input = { ...form.data, offer: offerForm?.ok ? offerForm.data : undefined };
    result = await saveProfile(context.db, actor, requestedId, input, context);
  } catch (error) {
    context.logger.error({ err: error, profileId: requestedId ?? actor.id }, "profile save failed");
    return data<ActionResult>({ values, offer, errors: {}, formError: PROFILE_SAVE_FAILED }, { status: 500 });
  }
  if (result.status === "invalid") return data<ActionResult>({ values, offer, errors: result.errors, formError: null }, { status: 400 });
  if (result.status !== "saved") throw data("Not Found", { status: 404 });

  context.pagesChanged?.();
  const next = result.target.adminEdit ? "/admin?tab=profiles" : "/dashboard";
  // A trademarked name is saved (it may be the performer's own name; admins enforce the rules), and said.
  const note = trademarkSaveNote(form.data.displayName, form.data.characters);
  return redirectWithFlash(context, request, next, { type: note ? "info" : "success", message: note ? `${PROFILE_SAVED} ${note}` : PROFILE_SAVED });
}

function headingOf(adminEdit: boolean, mode: string) {
  return !adminEdit && (mode === "new" || mode === "incomplete") ? "Complete Your Profile" : "Edit Profile";
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  const site = siteFrom(matches);
  return pageMeta({
    ...site,
    title: loaderData ? headingOf(loaderData.adminEdit, loaderData.mode) : "Edit Profile",
    description: "Fill in the details clients see on your performer listing.",
    path: location.pathname,
    noindex: true,
  });
}

function backLinkOf(adminEdit: boolean) {
  return adminEdit ? { to: "/admin?tab=profiles", label: "Back to Admin Dashboard" } : { to: "/dashboard", label: "Back to Dashboard" };
}

function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:text-brand-800 hover:underline">
      <span aria-hidden="true">←</span> {label}
    </Link>
  );
}

export default function EditProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { adminEdit, mode, values } = loaderData;
  const back = backLinkOf(adminEdit);
  const heading = headingOf(adminEdit, mode);
  const formError = actionData?.formError ?? null;

  useEffect(() => {
    if (formError) notify("error", formError);
  }, [actionData, formError]);

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <BackLink {...back} />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">{heading}</h1>
      <p className="mt-2 text-slate-700">
        {adminEdit
          ? "You are editing another performer's profile as an admin."
          : "This is what clients see on your listing. Fields marked * are required."}
      </p>
      <div className="mt-6">
        <ProfileEditorForm
          values={actionData?.values ?? values}
          offer={actionData?.offer ?? loaderData.offer}
          serverErrors={actionData?.errors ?? NO_ERRORS}
          formError={formError}
          cancelTo={back.to}
        />
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const siteName = useRouteLoaderData<{ siteName: string }>("root")?.siteName ?? "CostumeCast";
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (!notFound) notify("error", PROFILE_LOAD_FAILED);
  }, [notFound]);
  if (notFound) return <ErrorPage status={404} documentTitle={errorTitle(404, siteName)} />;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <title>{`Edit Profile | ${siteName}`}</title>
      <BackLink to="/dashboard" label="Back to Dashboard" />
      <h1 className="mt-4 text-3xl font-bold tracking-tight text-slate-900">Edit Profile</h1>
      <Alert tone="error" className="mt-6">
        {PROFILE_LOAD_FAILED}. Please reload the page to try again.
      </Alert>
    </div>
  );
}
