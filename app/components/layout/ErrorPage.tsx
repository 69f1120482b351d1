import { Link } from "react-router";
import { headingFor } from "./error-text";

interface ErrorPageProps {
  status: number;
  /** A message meant for the visitor, e.g. the text of a `data("...", { status })` thrown by a loader. */
  message?: string;
  /** Developer detail (stack trace); the caller passes it only in development. */
  detail?: string;
  /** Render a `<title>`: needed when shown by an error boundary, whose route has no `meta` to give one. */
  documentTitle?: string;
}

function defaultMessage(status: number): string {
  if (status === 404) {
    return "We couldn't find the page you were looking for. It may have moved, or the address may be mistyped.";
  }
  if (status === 401 || status === 403) return "Please sign in with an account that can open this page.";
  if (status >= 400 && status < 500) return "Something about that request didn't look right. Please go back and try again.";
  return "Sorry, we hit a problem on our side. Please try again in a moment.";
}

export function ErrorPage({ status, message, detail, documentTitle }: ErrorPageProps) {
  const heading = headingFor(status);
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center">
      {documentTitle ? <title>{documentTitle}</title> : null}
      <p className="text-sm font-semibold uppercase tracking-wide text-slate-600">{`Error ${status}`}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{heading}</h1>
      <p className="mt-4 text-slate-700">{message ?? defaultMessage(status)}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          Go to the home page
        </Link>
        <Link
          to="/browse"
          className="rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
        >
          Browse performers
        </Link>
        <Link
          to="/contact"
          className="rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50"
        >
          Contact us
        </Link>
      </div>
      {detail ? (
        <pre className="mt-8 overflow-auto rounded bg-slate-900 p-4 text-left text-xs text-slate-100">{detail}</pre>
      ) : null}
    </div>
  );
}
