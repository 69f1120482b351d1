import { data, redirect } from "react-router";
import type { Route } from "./+types/dashboard.manage-images.upload";
import { IMAGE_MESSAGES, type UploadResponse } from "~/lib/images";
import { getSessionUser, signInRedirect } from "~/server/auth/auth.server";
import { redirectWithFlash, type Flash } from "~/server/http/flash.server";
import { receiveImageUploads } from "~/server/images/upload.server";

const PAGE = "/dashboard/manage-images";

/** The page's script asks for JSON (one file per request, for per-file progress); a plain form gets a redirect. */
function wantsJson(request: Request) {
  return (request.headers.get("accept") ?? "").includes("application/json");
}

export async function action({ request, context }: Route.ActionArgs) {
  const json = wantsJson(request);
  const user = await getSessionUser(context, request);
  if (!user) {
    if (json) return data<UploadResponse>({ ok: false, error: "Please sign in again" }, { status: 401 });
    throw signInRedirect(request, undefined, PAGE);
  }

  const outcome = await receiveImageUploads(context, user.id, request);
  // Images stored before a later one was refused are on the profile too.
  if (outcome.uploaded > 0) context.pagesChanged?.();
  // A body past what we will read (receiveImageUploads read the rest when it could) ends the connection.
  const connection: HeadersInit = outcome.cutOff ? { Connection: "close" } : {};

  if (json) {
    const body: UploadResponse = outcome.error
      ? { ok: false, error: outcome.error }
      : { ok: true, uploaded: outcome.uploaded };
    return data(body, { status: outcome.status, headers: connection });
  }
  const flash: Flash = { type: outcome.error ? "error" : "success", message: outcome.error ?? IMAGE_MESSAGES.uploaded };
  return redirectWithFlash(context, request, PAGE, flash, connection);
}

// A GET here (a reload after a plain form post) belongs on the page itself.
export function loader() {
  return redirect(PAGE);
}
