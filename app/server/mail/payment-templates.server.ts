import type { OutgoingEmail } from "./outbox.server";
import { escapeHtml } from "./templates.server";
import type { YearNumbers } from "../insights/stats.server";

// Lifecycle emails of the yearly listing. Each states the amount and the date that matter, and says
// how to cancel in one step: automatic-renewal laws ask for exactly that.

/** "2027-11-05" or a Date -> "November 5, 2027" (UTC, the calendar payment_expiry uses). */
export function longDate(value: string | Date): string {
  const date = typeof value === "string" ? new Date(`${value}T00:00:00Z`) : value;
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(date);
}

function dollars(amountUsd: number): string {
  return `$${amountUsd}`;
}

function link(href: string, label: string): string {
  return `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>`;
}

function html(paragraphs: string[]): string {
  return paragraphs.map((p) => `<p>${p}</p>`).join("\n");
}

interface Common {
  siteName: string;
  to: string;
}

export interface ReceiptEmailArgs extends Common {
  amountUsd: number;
  paidOn: Date;
  /** End of the paid year: the renewal date, or the last day when the subscription is set to cancel. */
  periodEnd: Date;
  cancelAtPeriodEnd: boolean;
  manageUrl: string;
  cancelUrl: string;
  termsUrl: string;
}

/** After the first payment: what was paid, and the automatic-renewal terms in plain words. */
export function subscriptionReceiptEmail(a: ReceiptEmailArgs): OutgoingEmail {
  const until = longDate(a.periodEnd);
  const renewal = a.cancelAtPeriodEnd
    ? `Your subscription is set to end on ${until}; it will not renew.`
    : `Your membership renews automatically every year: on ${until} your card will be charged ${dollars(a.amountUsd)} for the next year, and every year after that, until you cancel.`;
  const text = [
    `Thank you: your ${a.siteName} listing is paid and live.`,
    "",
    `Plan: Yearly Membership`,
    `Amount paid: ${dollars(a.amountUsd)} on ${longDate(a.paidOn)}`,
    `Listing active until: ${until}`,
    "",
    renewal,
    `We will email you 30 days before each renewal. The fee is non-refundable; if you cancel, your listing stays active until the end of the year you paid for.`,
    "",
    `Cancel anytime, in one step: ${a.cancelUrl}`,
    `Manage billing (card, invoices): ${a.manageUrl}`,
    `Terms: ${a.termsUrl}`,
  ].join("\n");
  const body = html([
    `Thank you: your ${escapeHtml(a.siteName)} listing is paid and live.`,
    `Plan: Yearly Membership<br>Amount paid: ${dollars(a.amountUsd)} on ${escapeHtml(longDate(a.paidOn))}<br>Listing active until: ${escapeHtml(until)}`,
    escapeHtml(renewal),
    `We will email you 30 days before each renewal. The fee is non-refundable; if you cancel, your listing stays active until the end of the year you paid for.`,
    `${link(a.cancelUrl, "Cancel anytime")} &middot; ${link(a.manageUrl, "Manage billing")} &middot; ${link(a.termsUrl, "Terms")}`,
  ]);
  return { to: a.to, subject: `Receipt: your ${a.siteName} listing is active until ${until}`, text, html: body };
}

export interface RenewalReminderArgs extends Common {
  amountUsd: number;
  renewsOn: Date;
  cancelUrl: string;
  manageUrl: string;
  /** What the listing did in the past year (app/server/insights/); null when nothing was counted. */
  year?: YearNumbers | null;
}

function times(n: number, one: string, many: string): string {
  return `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;
}

/** The past year in one sentence: what the performer's money bought them, in plain numbers. */
export function yearInNumbers(year: YearNumbers): string {
  return (
    `In the past year your listing appeared ${times(year.appearances, "time", "times")} in search and browse results, ` +
    `your profile was viewed ${times(year.views, "time", "times")}, and you received ${times(year.inquiries, "inquiry", "inquiries")}.`
  );
}

/** 30 days before a renewal: amount, date, and a one-click way to cancel. */
export function renewalReminderEmail(a: RenewalReminderArgs): OutgoingEmail {
  const date = longDate(a.renewsOn);
  const text = [
    `Your ${a.siteName} Yearly Membership renews on ${date}.`,
    "",
    `On that day your card will be charged ${dollars(a.amountUsd)} and your listing stays live for another year. There is nothing you need to do.`,
    "",
    ...(a.year ? [yearInNumbers(a.year), ""] : []),
    `Don't want to renew? Cancel before ${date}: ${a.cancelUrl}`,
    `Your listing then stays active until ${date} and is not charged again.`,
    "",
    `Update your card or see invoices: ${a.manageUrl}`,
  ].join("\n");
  const body = html([
    `Your ${escapeHtml(a.siteName)} Yearly Membership renews on <strong>${escapeHtml(date)}</strong>.`,
    `On that day your card will be charged <strong>${dollars(a.amountUsd)}</strong> and your listing stays live for another year. There is nothing you need to do.`,
    ...(a.year ? [escapeHtml(yearInNumbers(a.year))] : []),
    `Don't want to renew? ${link(a.cancelUrl, "Cancel your subscription")} before ${escapeHtml(date)}. Your listing then stays active until ${escapeHtml(date)} and is not charged again.`,
    `${link(a.manageUrl, "Update your card or see invoices")}`,
  ]);
  return { to: a.to, subject: `Your ${a.siteName} membership renews on ${date} for ${dollars(a.amountUsd)}`, text, html: body };
}

export interface PaymentFailedArgs extends Common {
  amountUsd: number;
  /** Last day the listing stays live without a successful payment. */
  listedUntil: string | null;
  manageUrl: string;
}

export function paymentFailedEmail(a: PaymentFailedArgs): OutgoingEmail {
  const until = a.listedUntil ? longDate(a.listedUntil) : null;
  const keep = until
    ? `Your listing stays live until ${until}. Update your card before then to keep it in the directory.`
    : `Update your card to keep your listing in the directory.`;
  const text = [
    `We couldn't charge ${dollars(a.amountUsd)} for your ${a.siteName} Yearly Membership.`,
    "",
    keep,
    `Stripe will try the card again over the next days.`,
    "",
    `Update your card: ${a.manageUrl}`,
  ].join("\n");
  const body = html([
    `We couldn't charge ${dollars(a.amountUsd)} for your ${escapeHtml(a.siteName)} Yearly Membership.`,
    `${escapeHtml(keep)} Stripe will try the card again over the next days.`,
    link(a.manageUrl, "Update your card"),
  ]);
  return { to: a.to, subject: `Payment failed for your ${a.siteName} listing`, text, html: body };
}

export interface ListingExpiredArgs extends Common {
  expiredOn: string;
  subscribeUrl: string;
}

export function listingExpiredEmail(a: ListingExpiredArgs): OutgoingEmail {
  const date = longDate(a.expiredOn);
  const text = [
    `Your ${a.siteName} listing ended on ${date} and is no longer shown in the directory.`,
    "",
    `Your profile, photos and inquiries are kept. Subscribe again to be listed at once: ${a.subscribeUrl}`,
  ].join("\n");
  const body = html([
    `Your ${escapeHtml(a.siteName)} listing ended on ${escapeHtml(date)} and is no longer shown in the directory.`,
    `Your profile, photos and inquiries are kept. ${link(a.subscribeUrl, "Subscribe again")} to be listed at once.`,
  ]);
  return { to: a.to, subject: `Your ${a.siteName} listing has expired`, text, html: body };
}

export interface FreeListingEndingArgs extends Common {
  endsOn: string;
  amountUsd: number;
  subscribeUrl: string;
  /** What the free year brought (app/server/insights/); null when nothing was counted. */
  year?: YearNumbers | null;
}

/** Before a free (open beta) listing ends: nothing renews by itself, so say how to stay listed. */
export function freeListingEndingEmail(a: FreeListingEndingArgs): OutgoingEmail {
  const date = longDate(a.endsOn);
  const text = [
    `Your free year ends on ${date}.`,
    "",
    `Thank you for joining the ${a.siteName} open beta. After ${date} your listing leaves the directory unless you subscribe (${dollars(a.amountUsd)} per year, renews automatically, cancel anytime).`,
    "",
    ...(a.year ? [yearInNumbers(a.year), ""] : []),
    `Subscribe: ${a.subscribeUrl}`,
  ].join("\n");
  const body = html([
    `Your free year ends on <strong>${escapeHtml(date)}</strong>.`,
    `Thank you for joining the ${escapeHtml(a.siteName)} open beta. After ${escapeHtml(date)} your listing leaves the directory unless you subscribe (${dollars(a.amountUsd)} per year, renews automatically, cancel anytime).`,
    ...(a.year ? [escapeHtml(yearInNumbers(a.year))] : []),
    link(a.subscribeUrl, "Subscribe"),
  ]);
  return { to: a.to, subject: `Your free ${a.siteName} listing ends on ${date}`, text, html: body };
}
