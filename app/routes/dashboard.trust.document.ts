import { Readable } from "node:stream";
import type { Route } from "./+types/dashboard.trust.document";
import { getSessionUser } from "~/server/auth/auth.server";
import { openTrustDocument } from "~/server/trust/access.server";

// /dashboard/trust/documents/:id: a trust document's file, for its owner and admins only. Anyone
// else, signed in or not, gets the same bare 404 as an id that never existed (no sign-in redirect,
// which would say there is something here). The answer is never stored by any cache, is offered as
// a download-named attachment the browser may still show inline, and is never sniffed into HTML.

const NOT_FOUND_HEADERS = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store", "X-Content-Type-Options": "nosniff" };

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await getSessionUser(context, request);
  const opened = await openTrustDocument(context, viewer, params.id ?? "");
  if (!opened) return new Response("Not found", { status: 404, headers: NOT_FOUND_HEADERS });
  const headers: Record<string, string> = {
    "Content-Type": opened.contentType,
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    // Inline, so the admin's browser shows it in its own viewer; the name is for saving it.
    "Content-Disposition": `inline; filename="${opened.filename}"`,
    "Referrer-Policy": "no-referrer",
    "X-Robots-Tag": "noindex",
  };
  // An image can run nothing here. A PDF is left to the browser's own viewer, which runs apart from
  // this site's origin (a sandboxing policy would stop Chromium's viewer from opening it at all);
  // nosniff and the PDF type keep it from ever being read as a page.
  if (opened.contentType !== "application/pdf") headers["Content-Security-Policy"] = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";
  if (opened.size !== undefined) headers["Content-Length"] = String(opened.size);
  return new Response(Readable.toWeb(opened.body) as ReadableStream<Uint8Array>, { status: 200, headers });
}
