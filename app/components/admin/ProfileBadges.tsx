import { formatShortDate } from "~/components/dashboard/format";
import { Badge } from "~/components/ui/Badge";
import type { ProfileRowView } from "~/lib/admin-view";

/** The spec's colours: paid and current as active in green, expired red, anything else yellow. */
export function PaymentBadge({ row }: { row: Pick<ProfileRowView, "paymentTone" | "paymentStatus" | "paymentExpiry"> }) {
  const until = row.paymentExpiry ? formatShortDate(row.paymentExpiry) : null;
  if (row.paymentTone === "paid") {
    return (
      <span className="flex flex-col items-start gap-1">
        <Badge tone="success">Active</Badge>
        {until ? <span className="whitespace-nowrap text-xs text-slate-700">Paid until {until}</span> : null}
      </span>
    );
  }
  if (row.paymentTone === "expired") {
    return (
      <span className="flex flex-col items-start gap-1">
        <Badge tone="danger">Expired</Badge>
        {until ? <span className="whitespace-nowrap text-xs text-slate-700">Ended {until}</span> : null}
      </span>
    );
  }
  const label = row.paymentStatus === "pending" ? "Not paid" : row.paymentStatus.charAt(0).toUpperCase() + row.paymentStatus.slice(1);
  return <Badge tone="warning">{label}</Badge>;
}

export function ActiveBadge({ isActive }: { isActive: boolean }) {
  return <Badge tone={isActive ? "success" : "neutral"}>{isActive ? "Active" : "Inactive"}</Badge>;
}

/**
 * Status and Payment, each badge with its name beside it: where no column heading says which is
 * which (a phone's list row, the profile's detail view). Both are "Active" when all is well.
 */
export function LabelledProfileBadges({ profile }: { profile: Pick<ProfileRowView, "isActive" | "paymentTone" | "paymentStatus" | "paymentExpiry"> }) {
  return (
    <>
      <span className="flex items-center gap-1.5">
        <span className="text-xs font-medium text-slate-700">Status</span>
        <ActiveBadge isActive={profile.isActive} />
      </span>
      <span className="flex items-start gap-1.5">
        <span className="pt-0.5 text-xs font-medium text-slate-700">Payment</span>
        <PaymentBadge row={profile} />
      </span>
    </>
  );
}
