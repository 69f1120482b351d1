import { Form, Link } from "react-router";
import { Badge } from "~/components/ui/Badge";
import { buttonClass } from "~/components/ui/Button";
import { Card } from "~/components/ui/Card";
import { formatDate } from "./format";

interface AccountPanelProps {
  email: string;
  profileId: string;
  paid: boolean;
  paymentExpiry: string | null;
  listed: boolean;
  isAdmin: boolean;
}

const quickLinkClass =
  "flex items-center justify-between rounded-md border border-slate-200 px-3 py-2.5 text-sm font-medium text-slate-800 hover:border-brand-300 hover:bg-brand-50";

function Arrow() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 text-slate-500" fill="none" stroke="currentColor" strokeWidth="2">
      <path d="m8 5 5 5-5 5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function AccountPanel({ email, profileId, paid, paymentExpiry, listed, isAdmin }: AccountPanelProps) {
  const links = [
    { to: "/dashboard/edit-profile", label: "Edit Profile" },
    { to: "/dashboard/manage-images", label: "Manage Images" },
    { to: "/dashboard/calendar", label: "Calendar" },
    { to: "/dashboard/reviews", label: "Reviews" },
    { to: "/dashboard/trust", label: "Background check and insurance" },
    { to: "/dashboard/alerts", label: "Alerts on your phone" },
    { to: "/dashboard/subscription", label: "Subscription" },
    { to: "/dashboard/preview", label: "Preview Profile" },
    ...(listed ? [{ to: `/profile/${profileId}`, label: "View Public Profile" }] : []),
  ];
  return (
    <div className="space-y-6">
      <Card as="section" className="space-y-4">
        <h2 className="text-lg font-bold text-slate-900">Account</h2>
        <dl className="space-y-3 text-sm">
          <div>
            <dt className="font-medium text-slate-700">Email</dt>
            <dd className="break-all text-slate-900" data-testid="account-email">
              {email}
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-700">Status</dt>
            <dd className="mt-1" data-testid="account-status">
              <Badge tone={paid ? "success" : "neutral"}>{paid ? "Active" : "Inactive"}</Badge>
            </dd>
          </div>
          <div>
            <dt className="font-medium text-slate-700">{paid ? "Active until" : "Expiry"}</dt>
            <dd className="text-slate-900" data-testid="account-expiry">
              {paymentExpiry ? formatDate(paymentExpiry) : "No active listing"}
            </dd>
          </div>
        </dl>
        {isAdmin ? (
          <Link to="/admin" className={buttonClass("primary", "md", "w-full")}>
            Admin Dashboard
          </Link>
        ) : null}
        <Form method="post" action="/signout">
          <button type="submit" className={buttonClass("secondary", "md", "w-full")}>
            Sign Out
          </button>
        </Form>
      </Card>

      <Card as="section" className="space-y-3">
        <h2 className="text-lg font-bold text-slate-900">Quick links</h2>
        <nav aria-label="Dashboard">
          <ul className="space-y-2">
            {links.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={quickLinkClass}>
                  {link.label}
                  <Arrow />
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </Card>

      <Card as="section" className="space-y-2 border-brand-200 bg-brand-50">
        <h2 className="text-lg font-bold text-slate-900">Safety first</h2>
        <p className="text-sm text-slate-800">
          Pricing tips, staying safe at gigs, and how to handle inquiries like a pro.
        </p>
        <Link to="/safety-first" className="inline-block text-sm font-semibold text-brand-800 underline-offset-2 hover:underline">
          Read the performer guide
        </Link>
      </Card>
    </div>
  );
}
