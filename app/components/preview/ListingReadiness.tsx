import { formatDate } from "~/components/dashboard/format";
import { Alert } from "~/components/ui/Alert";
import { ButtonLink } from "~/components/ui/Button";
import type { ListingStatusView } from "~/lib/subscription";

/** The fields still keeping the profile from being listed, and the one next step, by the one listing status. */
export function ListingReadiness({ missing, listing, profileId }: { missing: string[]; listing: ListingStatusView; profileId: string }) {
  if (missing.length === 0 && listing.paid) {
    return (
      <Alert tone="success" title={listing.listed ? "Your listing is active." : "Your listing is paid but not visible."}>
        <p>
          {listing.listed
            ? `Clients can find you in the directory${listing.paymentExpiry ? ` until ${formatDate(listing.paymentExpiry)}` : ""}.`
            : "An admin has switched your listing off. Contact us if you think this is a mistake."}
        </p>
        {listing.listed ? (
          <ButtonLink to={`/profile/${profileId}`} variant="secondary" className="mt-3">
            View Public Profile
          </ButtonLink>
        ) : null}
      </Alert>
    );
  }
  if (missing.length === 0) {
    return (
      <Alert tone="success" title="Your profile has everything a listing needs.">
        <p>Activate your listing to make it visible in the directory.</p>
        <ButtonLink to="/dashboard/subscription" className="mt-3">
          Activate Listing
        </ButtonLink>
      </Alert>
    );
  }
  return (
    <Alert tone="warning" title="Your profile is missing required fields:">
      <ul className="list-disc space-y-0.5 pl-5">
        {missing.map((field) => (
          <li key={field}>{field}</li>
        ))}
      </ul>
      {listing.paid ? <p className="mt-2">Your listing is paid: it appears in the directory once these are filled in.</p> : null}
      <ButtonLink to="/dashboard/edit-profile" className="mt-3">
        Complete Profile
      </ButtonLink>
    </Alert>
  );
}
