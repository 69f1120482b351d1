import { data, Link } from "react-router";
import type { Route } from "./+types/signup";
import { AuthLayout, authLinkClass } from "~/components/auth/AuthLayout";
import { EmailField, NewPasswordFields } from "~/components/auth/AuthFields";
import { AuthForm } from "~/components/auth/AuthForm";
import { DEFAULT_AFTER_SIGN_IN, safeRedirectPath, signUpSchema } from "~/lib/auth-schemas";
import { parseForm } from "~/lib/form";
import { pageMeta, siteFrom } from "~/lib/meta";
import { rememberNewAccountEmail, signUp } from "~/server/auth/accounts.server";
import { requireAnonymous } from "~/server/auth/auth.server";
import { AUTH_MESSAGES } from "~/server/auth/messages.server";
import { redirectWithFlash } from "~/server/http/flash.server";

function signInPath(redirectTo: string) {
  return redirectTo === DEFAULT_AFTER_SIGN_IN ? "/signin" : `/signin?redirectTo=${encodeURIComponent(redirectTo)}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  await requireAnonymous(context, request, redirectTo);
  return { redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = parseForm(signUpSchema, await request.formData());
  if (!form.ok) return data({ errors: form.errors, message: null, email: form.values.email }, { status: 400 });
  const { redirectTo, email, password } = form.data;
  const result = await signUp(context, request, { email, password });
  if (!result.ok) {
    return data({ errors: {}, message: result.message, title: result.title ?? null, email }, { status: result.status });
  }
  return redirectWithFlash(
    context,
    request,
    signInPath(redirectTo),
    { type: "success", message: AUTH_MESSAGES.signUpSuccess },
    [["Set-Cookie", await rememberNewAccountEmail(context.config, email)]],
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const site = siteFrom(matches);
  return pageMeta({
    ...site,
    title: "Create Your Performer Account",
    description: `Create a ${site.siteName} account to list yourself as a costume or cosplay performer and get booked for parties and events.`,
    path: "/signup",
  });
}

export default function SignUp({ loaderData, actionData }: Route.ComponentProps) {
  const { redirectTo } = loaderData;

  return (
    <AuthLayout
      title="Create Your Account"
      description="Join the directory of costume and cosplay performers. After signing up you can build your profile and upload photos."
      footer={
        <p>
          Already have an account?{" "}
          <Link to={signInPath(redirectTo)} className={authLinkClass}>
            Sign in
          </Link>
        </p>
      }
    >
      <AuthForm
        schema={signUpSchema}
        result={actionData}
        submitLabel="Sign Up"
        busyLabel="Creating account..."
        footer={<TermsNote />}
      >
        {(errors) => (
          <>
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <EmailField defaultValue={actionData?.email ?? ""} error={errors.email} />
            <NewPasswordFields errors={errors} labels={["Password", "Confirm password"]} />
          </>
        )}
      </AuthForm>
    </AuthLayout>
  );
}

function TermsNote() {
  return (
    <p className="text-xs text-slate-700">
      By signing up you agree to our{" "}
      <Link to="/terms" className={authLinkClass}>
        Terms of Service
      </Link>{" "}
      and{" "}
      <Link to="/privacy" className={authLinkClass}>
        Privacy Policy
      </Link>
      , and confirm you are at least 18 and based in the US.
    </p>
  );
}
