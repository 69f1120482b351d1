import { data } from "react-router";
import type { Route } from "./+types/not-found";
import { ErrorPage } from "~/components/layout/ErrorPage";
import { errorTitle } from "~/components/layout/error-text";
import { siteFrom } from "~/lib/meta";

// A matched catch-all route (rather than an unmatched URL) renders inside the layout with real
// root loader data, so the header still knows who is signed in. The status stays an honest 404.
export function loader() {
  return data(null, { status: 404 });
}

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: errorTitle(404, siteFrom(matches).siteName) }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return <ErrorPage status={404} />;
}
