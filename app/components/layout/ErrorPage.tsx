import { Link } from "react-router";

interface ErrorPageProps {
  status: number;
  message?: string;
  detail?: string;
}

export function ErrorPage({ status, message, detail }: ErrorPageProps) {
  const notFound = status === 404;
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center">
      <p className="text-sm font-semibold uppercase tracking-wide text-brand-700">Error {status}</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
        {notFound ? "Page not found" : "Something went wrong"}
      </h1>
      <p className="mt-4 text-slate-700">
        {message ??
          (notFound
            ? "We couldn't find the page you were looking for. It may have moved, or the address may be mistyped."
            : "Sorry, we hit a problem on our side. Please try again in a moment.")}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800">
          Go to the home page
        </Link>
        <Link to="/browse" className="rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold text-slate-800 hover:bg-slate-50">
          Browse performers
        </Link>
      </div>
      {detail ? <pre className="mt-8 overflow-auto rounded bg-slate-900 p-4 text-left text-xs text-slate-100">{detail}</pre> : null}
    </div>
  );
}
