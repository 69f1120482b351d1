import {
  depositSentence,
  lengthLabel,
  paymentMethodsSentence,
  travelFeeSentence,
  usd,
  type OfferView,
} from "~/lib/package-view";

/** Whether a profile has anything for the Packages section to say. */
export function hasOffer(offer: OfferView | undefined): offer is OfferView {
  return (
    !!offer &&
    (offer.packages.length > 0 ||
      offer.travelFee.kind !== "none" ||
      offer.deposit.kind !== "none" ||
      offer.paymentMethods.length > 0)
  );
}

/**
 * A performer's packages, travel fee and deposit, as the public profile and the owner's preview
 * show them (one component, so both say the same). The hourly price stays in the profile's facts.
 */
export function ProfilePackages({
  offer,
  headingId = "packages-heading",
}: {
  offer: OfferView;
  headingId?: string;
}) {
  const deposit = depositSentence(offer.deposit);
  const methods = paymentMethodsSentence(offer.paymentMethods);
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={headingId} className="text-xl font-semibold text-slate-900">
        Packages
      </h2>
      {offer.packages.length > 0 ? (
        <ul className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {offer.packages.map((item, index) => (
            <li
              key={`${index}-${item.name}`}
              className="flex flex-col gap-1 rounded-lg border border-slate-200 bg-slate-50 p-4"
            >
              <h3 className="font-semibold text-slate-900">{item.name}</h3>
              <p className="text-lg font-semibold text-slate-900">
                {usd(item.price)}{" "}
                <span className="text-sm font-normal text-slate-700">
                  · {lengthLabel(item.minutes)}
                </span>
              </p>
              {item.maxChildren !== null ? (
                <p className="text-sm text-slate-700">
                  Up to {item.maxChildren} children
                </p>
              ) : null}
              {item.included ? (
                <p className="whitespace-pre-line text-sm text-slate-800">
                  {item.included}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <ul className="mt-3 space-y-1 text-sm text-slate-800">
        <li>{travelFeeSentence(offer.travelFee)}</li>
        {deposit ? <li>{deposit}</li> : null}
        {methods ? <li>{methods}</li> : null}
      </ul>
      <p className="mt-2 text-sm text-slate-700">
        Prices are the performer&apos;s own; you pay them directly, never
        through CostumeCast.
      </p>
    </section>
  );
}
