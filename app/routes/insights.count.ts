import type { Route } from "./+types/insights.count";
import { handleCountReport } from "~/server/insights/count.server";
import { clientKey } from "~/server/http/client-key.server";

// The browser's report of a profile view or of the cards a results page showed (see
// app/components/insights/). Not a page: an empty answer, and posts here leave cached pages alone.
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response(null, { status: 405, headers: { Allow: "POST" } });
  return handleCountReport(context, request, clientKey(context, request));
}
