import { redirect } from "react-router";
import type { Route } from "./+types/signout";
import { signOut } from "~/server/auth/accounts.server";
import { getSessionUser } from "~/server/auth/auth.server";
import { AUTH_MESSAGES } from "~/server/auth/messages.server";
import { redirectWithFlash } from "~/server/http/flash.server";

// Signing out is a POST only (the header's form): a link or an image on another site must not sign anyone out.
export async function action({ request, context }: Route.ActionArgs) {
  const result = await signOut(context, request);
  if (result.ok) return redirect("/", { headers: result.headers });
  // Without a valid session there is nothing to end: that is not a failure worth reporting.
  if (!(await getSessionUser(context, request))) return redirect("/");
  return redirectWithFlash(context, request, "/dashboard", { type: "error", message: AUTH_MESSAGES.signOutFailed });
}

export function loader() {
  return redirect("/");
}
