import Stripe from "stripe";
import type { AppConfig } from "../platform/config.server";

/**
 * The Stripe API version this code reads, pinned so neither an account upgrade in Stripe's dashboard
 * nor an SDK upgrade changes the shape of what comes back. The SDK types accept only the version it
 * was generated for, so upgrading the package makes this line fail to compile until the reading code
 * (period end on the subscription item, invoice -> parent.subscription_details) has been checked again.
 */
export const STRIPE_API_VERSION = "2026-10-28.endive" satisfies Stripe.StripeConfig["apiVersion"];

/** The configured Stripe account: an SDK client and the two settings every payment path needs. */
export interface StripePayments {
  client: Stripe;
  webhookSecret: string;
  /** Price of the Yearly Membership ($29 per year). */
  priceId: string;
}

interface StripeClientOptions {
  secretKey: string;
  /** Another API address (the Stripe-shaped test server); unset means api.stripe.com. */
  apiUrl?: string;
  maxNetworkRetries?: number;
  timeoutMs?: number;
}

function createStripeClient(options: StripeClientOptions): Stripe {
  const config: Stripe.StripeConfig = {
    apiVersion: STRIPE_API_VERSION,
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    // A webhook or a checkout click waits on these calls; Stripe answers in well under a second.
    timeout: options.timeoutMs ?? 20_000,
    telemetry: false,
    appInfo: { name: "CostumeCast" },
  };
  if (options.apiUrl) {
    const url = new URL(options.apiUrl);
    const protocol = url.protocol === "https:" ? "https" : "http";
    config.protocol = protocol;
    config.host = url.hostname;
    config.port = url.port ? Number(url.port) : protocol === "https" ? 443 : 80;
  }
  return new Stripe(options.secretKey, config);
}

/** The Stripe account from configuration, or null when payments are not configured (PAYMENTS=demo). */
export function createStripePayments(settings: AppConfig["payments"]): StripePayments | null {
  if (settings.driver !== "stripe") return null;
  return {
    client: createStripeClient({ secretKey: settings.secretKey, apiUrl: settings.apiUrl }),
    webhookSecret: settings.webhookSecret,
    priceId: settings.priceId,
  };
}

/** Stripe fields that may hold an id or an expanded object. */
export function stripeId(value: string | { id: string } | null | undefined): string | null {
  if (value == null) return null;
  return typeof value === "string" ? value : value.id;
}
