import type { Route } from "./+types/sitemap";
import { buildSitemap } from "~/server/directory/sitemap.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const part = new URL(request.url).searchParams.get("part");
  const xml = await buildSitemap(context.db, context.config.publicUrl, part);
  if (xml === null) {
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
