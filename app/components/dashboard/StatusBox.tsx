import type { ReactNode } from "react";
import { ResendConfirmation } from "~/components/account/ResendConfirmation";
import { ButtonLink } from "~/components/ui/Button";
import { cx } from "~/components/ui/cx";
import { PLANS } from "~/lib/constants";
import type { ListingStatusView } from "~/lib/subscription";
import { formatDate } from "./format";

export type ProfileStatus = "none" | "incomplete" | "unpaid" | "active";

const PRICE = PLANS.YEARLY_MEMBERSHIP.priceUsd;

const tones: Record<ProfileStatus, string> = {
  none: "border-brand-200 bg-brand-50",
  incomplete: "border-yellow-300 bg-yellow-50",
  unpaid: "border-blue-200 bg-blue-50",
  active: "border-green-200 bg-green-50",
};

function Box({ status, title, children, actions }: { status: ProfileStatus; title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <section aria-labelledby="profile-status-heading" className={cx("rounded-xl border p-6", tones[status])}>
      <h2 id="profile-status-heading" className="text-xl font-bold text-slate-900">
        {title}
      </h2>
      <div className="mt-2 text-slate-800">{children}</div>
      <div className="mt-4 flex flex-wrap gap-3">{actions}</div>
    </section>
  );
}

/** The next step a not-yet-listed profile needs, beside a look at the profile as clients will see it. */
function WithPreview({ to, label }: { to: string; label: string }) {
  return (
    <>
      <ButtonLink to={to}>{label}</ButtonLink>
      <ButtonLink to="/dashboard/preview" variant="secondary">
        Preview Profile
      </ButtonLink>
    </>
  );
}

/** The renewal date, or when a cancelled subscription or free listing ends. */
function ActiveUntil({ listing }: { listing: ListingStatusView }) {
  const { subscription, paymentExpiry } = listing;
  if (subscription?.renewsOn) {
    return (
      <>
        It renews on <strong>{formatDate(subscription.renewsOn)}</strong>.
      </>
    );
  }
  if (subscription?.cancelsOn) {
    return (
      <>
        Your subscription cancels on <strong>{formatDate(subscription.cancelsOn)}</strong>; the listing stays active until then.
      </>
    );
  }
  if (!paymentExpiry) return null;
  return (
    <>
      It is active until <strong>{formatDate(paymentExpiry)}</strong>.
    </>
  );
}

/** The one box that tells the performer what to do next, by the spec's four states. */
export function StatusBox({
  status,
  listing,
  profileId,
  emailConfirmed = true,
}: {
  status: ProfileStatus;
  listing: ListingStatusView;
  profileId: string;
  /** Until the address is confirmed a ready profile cannot be activated: that is the next step. */
  emailConfirmed?: boolean;
}) {
  switch (status) {
    case "none":
      return (
        <Box status={status} title="Complete Your Profile" actions={<ButtonLink to="/dashboard/edit-profile">Create Profile</ButtonLink>}>
          <p>You don&apos;t have a performer profile yet. Create one so event organisers and families can find you.</p>
        </Box>
      );
    case "incomplete":
      return (
        <Box status={status} title="Profile Incomplete" actions={<WithPreview to="/dashboard/edit-profile" label="Complete Profile" />}>
          <p>Your profile needs a display name, a bio, a state and a city before it can be listed.</p>
        </Box>
      );
    case "unpaid":
      if (!emailConfirmed) {
        return (
          <Box
            status={status}
            title="Confirm Your Email"
            actions={
              <>
                <ResendConfirmation returnTo="/dashboard" variant="primary" />
                <ButtonLink to="/dashboard/preview" variant="secondary">
                  Preview Profile
                </ButtonLink>
              </>
            }
          >
            <p>
              Your profile is ready. Open the link we emailed you to confirm your address; then you can activate your listing
              for <strong>${PRICE}/year</strong>.
            </p>
          </Box>
        );
      }
      return (
        <Box status={status} title="Activate Your Listing" actions={<WithPreview to="/dashboard/subscription" label="Activate Listing" />}>
          <p>
            Your profile is ready. Activate your listing for <strong>${PRICE}/year</strong> to appear in the directory and
            start receiving inquiries.
          </p>
        </Box>
      );
    case "active":
      return (
        <Box
          status={status}
          title="Listing Active"
          actions={
            <>
              {listing.listed ? (
                <ButtonLink to={`/profile/${profileId}`} variant="secondary">
                  View Public Profile
                </ButtonLink>
              ) : null}
              <ButtonLink to="/dashboard/subscription" variant="secondary">
                Manage Subscription
              </ButtonLink>
            </>
          }
        >
          <p data-testid="listing-status">
            {listing.listed ? "Your listing is live and visible to clients." : "Your listing is paid but switched off, so clients can't see it."}{" "}
            <ActiveUntil listing={listing} />
          </p>
        </Box>
      );
  }
}
