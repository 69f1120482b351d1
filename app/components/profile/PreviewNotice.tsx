import { Link } from "react-router";

interface PreviewNoticeProps {
  viewer: "owner" | "admin";
  isPaid: boolean;
  isActive: boolean;
  hasName: boolean;
}

/** The yellow banner above a profile that only its owner (or an admin) can see right now. */
export function PreviewNotice({ viewer, isPaid, isActive, hasName }: PreviewNoticeProps) {
  const reasons = [
    !isPaid ? "the listing is not paid" : null,
    !isActive ? "the listing has been switched off" : null,
    !hasName ? "the profile has no display name" : null,
  ].filter(Boolean);
  return (
    <section
      aria-labelledby="preview-mode-heading"
      className="mb-8 rounded-lg border border-yellow-300 bg-yellow-50 p-4 text-yellow-900"
    >
      <h2 id="preview-mode-heading" className="font-semibold">
        Preview Mode
      </h2>
      <p className="mt-1 text-sm">
        {viewer === "owner" ? "Only you can see this page." : "Only you, as an admin, can see this page."} It is not visible
        to the public{reasons.length ? ` because ${reasons.join(" and ")}` : ""}.
      </p>
      <div className="mt-3 flex flex-wrap gap-3 text-sm font-semibold">
        {!isPaid && viewer === "owner" ? (
          <Link to="/dashboard/subscription" className="rounded-md bg-yellow-900 px-3 py-1.5 text-white hover:bg-yellow-950">
            Activate your listing
          </Link>
        ) : null}
        {viewer === "owner" ? (
          <Link to="/dashboard" className="rounded-md px-3 py-1.5 underline hover:no-underline">
            Back to Dashboard
          </Link>
        ) : (
          <Link to="/admin" className="rounded-md px-3 py-1.5 underline hover:no-underline">
            Back to Admin Dashboard
          </Link>
        )}
      </div>
    </section>
  );
}
