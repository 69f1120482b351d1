import type { CheckoutSession, Invoice, PortalSession, Price, Subscription } from "./objects";

// The sandbox's two browser pages. They say plainly that they are a test stand-in, so nobody takes
// them for Stripe, and they are plain forms: they work without JavaScript, like the app.

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

function money(cents: number, currency: string): string {
  const amount = (cents / 100).toFixed(2);
  return currency.toLowerCase() === "usd" ? `$${amount}` : `${amount} ${currency.toUpperCase()}`;
}

function longDate(seconds: number): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(new Date(seconds * 1000));
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; margin: 0; color: #1f2937; background: #f3f4f6; }
  .banner { background: #92400e; color: #fff; padding: .5rem 1rem; font-weight: 700; text-align: center; margin: 0; }
  main { max-width: 32rem; margin: 2rem auto; background: #fff; border-radius: .5rem; padding: 1.5rem; box-shadow: 0 1px 3px rgba(0,0,0,.15); }
  h1 { font-size: 1.4rem; margin-top: 0; }
  h2 { font-size: 1.1rem; }
  .price { font-size: 1.6rem; font-weight: 700; margin: .25rem 0; }
  button { font: inherit; font-weight: 600; padding: .7rem 1.2rem; border-radius: .375rem; border: 0; cursor: pointer; }
  .primary { background: #4338ca; color: #fff; width: 100%; }
  .danger { background: #b91c1c; color: #fff; }
  .secondary { background: #e5e7eb; color: #111827; }
  a { color: #3730a3; }
  table { width: 100%; border-collapse: collapse; margin: .5rem 0; }
  th, td { text-align: left; padding: .35rem; border-bottom: 1px solid #e5e7eb; }
  .note { color: #4b5563; font-size: .9rem; }
</style>
</head>
<body>
<p class="banner" role="note">TEST MODE &mdash; Stripe-shaped test server. No real card is charged.</p>
<main>
${body}
</main>
</body>
</html>`;
}

export function checkoutPage(args: { session: CheckoutSession; price: Price; customerEmail: string | null; siteName: string }): string {
  const { session, price, siteName } = args;
  const amount = money(price.unit_amount, price.currency);
  const interval = price.recurring.interval;
  if (session.status !== "open") {
    const back = session.status === "complete" ? session.success_url : (session.cancel_url ?? session.success_url);
    const text = session.status === "complete" ? "This checkout is already paid." : "This checkout session has expired.";
    return layout(`Test checkout - ${siteName}`, `<h1>Test checkout</h1><p>${text}</p><p><a href="${escapeHtml(back)}">Return to ${escapeHtml(siteName)}</a></p>`);
  }
  const message = session.custom_text.submit?.message;
  return layout(
    `Test checkout - ${siteName}`,
    `<h1>Test checkout for ${escapeHtml(siteName)}</h1>
<p class="note">This is a test page standing in for Stripe Checkout. Paying here charges nothing.</p>
<section aria-labelledby="plan">
  <h2 id="plan">${escapeHtml(price.nickname ?? "Yearly Membership")}</h2>
  <p class="price">${amount} <span class="note">per ${interval}</span></p>
  ${args.customerEmail ? `<p>Billed to ${escapeHtml(args.customerEmail)}</p>` : ""}
  ${message ? `<p class="note">${escapeHtml(message)}</p>` : ""}
</section>
<form method="post" action="/checkout/${encodeURIComponent(session.id)}/pay">
  <button type="submit" class="primary">Pay ${amount} (test)</button>
</form>
${session.cancel_url ? `<p><a href="${escapeHtml(session.cancel_url)}">Cancel and return to ${escapeHtml(siteName)}</a></p>` : ""}`,
  );
}

function subscriptionSummary(sub: Subscription): string {
  const item = sub.items.data[0];
  const end = item ? longDate(item.current_period_end) : "";
  if (sub.status === "canceled") return `Ended on ${sub.ended_at ? longDate(sub.ended_at) : end}`;
  if (sub.status === "past_due" || sub.status === "unpaid") return "Payment failed; the card will be retried";
  if (sub.cancel_at_period_end) return `Cancels on ${end}`;
  return `Renews on ${end}`;
}

export function portalPage(args: {
  portal: PortalSession;
  subscriptions: Subscription[];
  invoices: Invoice[];
  customerEmail: string | null;
  siteName: string;
}): string {
  const { portal, siteName } = args;
  const returnUrl = portal.flow?.after_completion.redirect?.return_url ?? portal.return_url;
  const cancelling = portal.flow?.type === "subscription_cancel" ? portal.flow.subscription_cancel.subscription : null;
  const action = (verb: string) => `/portal/${encodeURIComponent(portal.id)}/${verb}`;
  const sections = args.subscriptions
    .map((sub) => {
      const item = sub.items.data[0];
      const price = item ? `${money(item.price.unit_amount, item.price.currency)} per ${item.price.recurring.interval}` : "";
      const live = sub.status === "active" || sub.status === "trialing" || sub.status === "past_due";
      const cancelForm =
        live && !sub.cancel_at_period_end
          ? `<form method="post" action="${action("cancel")}">
  <input type="hidden" name="subscription" value="${escapeHtml(sub.id)}">
  ${cancelling === sub.id ? `<p>Your listing stays active until ${item ? longDate(item.current_period_end) : "the end of the period"}; you won't be charged again.</p>` : ""}
  <button type="submit" class="danger">Cancel subscription</button>
</form>`
          : "";
      const renewForm =
        live && sub.cancel_at_period_end
          ? `<form method="post" action="${action("renew")}">
  <input type="hidden" name="subscription" value="${escapeHtml(sub.id)}">
  <button type="submit" class="secondary">Renew subscription</button>
</form>`
          : "";
      return `<section aria-label="Subscription ${escapeHtml(sub.id)}">
<h2>${escapeHtml(item?.price.nickname ?? "Yearly Membership")}</h2>
<p>${price}</p>
<p><strong>${escapeHtml(subscriptionSummary(sub))}</strong></p>
${cancelForm}${renewForm}
</section>`;
    })
    .join("\n");
  const invoiceRows = args.invoices
    .map(
      (inv) =>
        `<tr><td>${longDate(inv.created)}</td><td>${money(inv.status === "paid" ? inv.amount_paid : inv.amount_due, inv.currency)}</td><td>${inv.status === "paid" ? "Paid" : "Open"}</td></tr>`,
    )
    .join("");
  return layout(
    `Test billing portal - ${siteName}`,
    `<h1>${cancelling ? "Cancel your subscription" : `Billing for ${escapeHtml(siteName)}`}</h1>
<p class="note">This is a test page standing in for the Stripe Customer Portal.${args.customerEmail ? ` Signed in as ${escapeHtml(args.customerEmail)}.` : ""}</p>
${sections || "<p>No subscriptions.</p>"}
<h2>Invoices</h2>
${invoiceRows ? `<table><thead><tr><th scope="col">Date</th><th scope="col">Amount</th><th scope="col">Status</th></tr></thead><tbody>${invoiceRows}</tbody></table>` : "<p>No invoices yet.</p>"}
${returnUrl ? `<p><a href="${escapeHtml(returnUrl)}">Return to ${escapeHtml(siteName)}</a></p>` : ""}`,
  );
}

export function notFoundPage(what: string): string {
  return layout("Not found", `<h1>Not found</h1><p>${escapeHtml(what)}</p>`);
}

export function indexPage(args: { apiUrl: string; siteName: string }): string {
  return layout(
    "Stripe-shaped test server",
    `<h1>Stripe-shaped test server</h1>
<p>Serves the part of Stripe's API that ${escapeHtml(args.siteName)} calls, at <code>${escapeHtml(args.apiUrl)}/v1</code>, plus test checkout and billing portal pages. Test controls live under <code>/_sandbox</code>.</p>`,
  );
}
