import { Alert } from "~/components/ui/Alert";
import { ButtonLink } from "~/components/ui/Button";

/** The fields still keeping the profile from being listed, and the one next step. */
export function ListingReadiness({ missing }: { missing: string[] }) {
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
      <ButtonLink to="/dashboard/edit-profile" className="mt-3">
        Complete Profile
      </ButtonLink>
    </Alert>
  );
}
