import { Link } from "react-router";

export function ProfileNotFound() {
  return (
    <div className="mx-auto max-w-2xl px-4 py-20 text-center">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Profile Not Found</h1>
      <p className="mt-4 text-slate-700">
        This profile may have been removed, or it is not currently active. Other performers are waiting to be discovered.
      </p>
      <Link
        to="/browse"
        className="mt-8 inline-flex rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
      >
        Browse Performers
      </Link>
    </div>
  );
}
