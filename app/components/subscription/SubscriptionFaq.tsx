import { PLANS } from "~/lib/constants";
import { PLAN_FEATURES } from "~/lib/subscription";

const PRICE = PLANS.YEARLY_MEMBERSHIP.priceUsd;

/** The spec's four questions: what is included, bookings, cancelling, renewal. */
export function SubscriptionFaq({ siteName }: { siteName: string }) {
  const included = PLAN_FEATURES.filter((f) => f !== "Automatic yearly renewal")
    .map((f) => f.toLowerCase())
    .join(", ");
  const faq = [
    {
      q: "What's included in the Yearly Membership?",
      a: `A full year in the directory: ${included}. Your membership renews automatically each year so your listing never lapses.`,
    },
    {
      q: `Does ${siteName} handle bookings or payments with clients?`,
      a: `No. ${siteName} does not process bookings or payments between performers and clients. Clients contact you through your profile, and you agree on the details and payment with them directly.`,
    },
    {
      q: "What happens if I cancel?",
      a: "You can cancel anytime under Manage billing. Your listing stays active until the end of the period you've paid for, then it is removed from the directory. Payments are non-refundable: there are no refunds for partial periods.",
    },
    {
      q: "How does renewal work?",
      a: `Your membership renews automatically once a year at $${PRICE}. We email you a reminder before each renewal, with a link to cancel if you don't want to continue.`,
    },
  ];
  return (
    <section aria-labelledby="subscription-faq" className="space-y-4">
      <h2 id="subscription-faq" className="text-2xl font-bold text-slate-900">
        Frequently Asked Questions
      </h2>
      <dl className="space-y-4">
        {faq.map(({ q, a }) => (
          <div key={q} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <dt className="font-semibold text-slate-900">{q}</dt>
            <dd className="mt-2 text-slate-700">{a}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
