import { Link } from "react-router";
import { FREE_LISTING_SPOTS } from "~/lib/constants";
import { freeSpotsText, PAID_LISTING_PATH } from "~/lib/free-listing-view";

/** The live count in the /free-listing header. */
export function FreeSpotsBadge({ remaining }: { remaining: number }) {
  return (
    <p className="mt-4 inline-flex items-center rounded-full bg-brand-100 px-4 py-1.5 text-sm font-semibold text-brand-800">
      {freeSpotsText(remaining)}
    </p>
  );
}

/** The open beta on the home page's performer call-to-action: spots left and where to apply. */
export function FreeSpotsNote({ remaining }: { remaining: number }) {
  if (remaining <= 0) {
    return (
      <p className="mt-3 max-w-2xl text-sm text-brand-100">
        All {FREE_LISTING_SPOTS} free beta listings have been claimed. Thank you! You can still get listed with a{" "}
        <Link to={PAID_LISTING_PATH} className="font-semibold text-white underline underline-offset-2 hover:no-underline">
          yearly membership
        </Link>
        .
      </p>
    );
  }
  return (
    <p className="mt-3 max-w-2xl text-sm text-brand-100">
      <span className="font-semibold text-white">Open beta: {freeSpotsText(remaining)}.</span>{" "}
      <Link to="/free-listing" className="font-semibold text-white underline underline-offset-2 hover:no-underline">
        Apply for a free listing
      </Link>
    </p>
  );
}
