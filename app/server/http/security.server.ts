import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler, Response } from "express";
import helmet from "helmet";
import type { AppConfig } from "../platform/config.server";

// The headers every response carries (helmet, plus the Permissions-Policy helmet does not set) and
// the one request check that needs no route: a state-changing request from another site is refused.

/** Where Stripe's hosted pages live; a form posting to our checkout action is redirected there. */
const STRIPE_PAGES = ["https://checkout.stripe.com", "https://billing.stripe.com"];

/** Nothing the site does needs these; denying them means injected or third-party code cannot ask. */
const PERMISSIONS_POLICY = [
  "camera=()",
  "microphone=()",
  "geolocation=()",
  "payment=()",
  "usb=()",
  "serial=()",
  "bluetooth=()",
  "magnetometer=()",
  "gyroscope=()",
  "accelerometer=()",
  "interest-cohort=()",
  "browsing-topics=()",
].join(", ");

const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The nonce of this response's inline scripts; set before any route runs. */
export function cspNonce(res: Response | ServerResponse): string {
  const locals = (res as Response).locals as { cspNonce?: string } | undefined;
  return locals?.cspNonce ?? "";
}

function originOf(url: string): string | null {
  return URL.canParse(url) ? new URL(url).origin : null;
}

/** Origins the page's images may come from besides its own: S3 or the CDN in front of it. */
function imageOrigins(config: AppConfig): string[] {
  const origin = originOf(config.storage.publicBaseUrl);
  return origin ? [origin] : [];
}

/** Where a form may end up: our own actions, and the Stripe pages checkout and billing redirect to. */
function formTargets(config: AppConfig): string[] {
  if (config.payments.driver !== "stripe") return [];
  const sandbox = config.payments.apiUrl ? originOf(config.payments.apiUrl) : null;
  return sandbox ? [...STRIPE_PAGES, sandbox] : STRIPE_PAGES;
}

export interface SecurityOptions {
  /** Vite's dev server injects inline scripts and talks over a WebSocket: its pages get a looser script policy. */
  development: boolean;
}

/**
 * Gives each response a fresh nonce (res.locals.cspNonce, which the page render puts on React
 * Router's inline scripts) and sends the security headers.
 */
export function securityHeaders(config: AppConfig, { development }: SecurityOptions): RequestHandler[] {
  const https = config.publicUrl.startsWith("https://");
  const nonceSource = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${cspNonce(res)}'`;
  const scriptSrc = development ? ["'self'", "'unsafe-inline'", "'unsafe-eval'"] : ["'self'", nonceSource];
  const protect = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc,
        // React writes style attributes (progress bars) and the toaster adds a <style> element at
        // run time; styles cannot run code, so they are allowed inline rather than nonce'd.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", ...imageOrigins(config)],
        fontSrc: ["'self'"],
        connectSrc: development ? ["'self'", "ws:", "wss:"] : ["'self'"],
        formAction: ["'self'", ...formTargets(config)],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    strictTransportSecurity: https ? { maxAge: HSTS_MAX_AGE_SECONDS, includeSubDomains: false } : false,
    xFrameOptions: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  const nonce: RequestHandler = (_req, res, next) => {
    res.locals.cspNonce = randomBytes(16).toString("base64");
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    keepCachedNonce(res);
    next();
  };
  return [nonce, protect];
}

/**
 * A 304 carries no body, and a browser merges its headers into the copy it keeps: a fresh nonce
 * there would no longer match the nonce in the kept page, and its scripts would stop running.
 */
function keepCachedNonce(res: ServerResponse) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<ServerResponse["writeHead"]>) {
    const status = typeof args[0] === "number" ? args[0] : this.statusCode;
    if (status === 304) this.removeHeader("Content-Security-Policy");
    return writeHead.apply(this, args);
  } as ServerResponse["writeHead"];
}

/** Paths that take posts from other sites: Stripe's webhook, whose signature is its check. */
const CROSS_SITE_PATHS = new Set(["/api/stripe/webhook"]);

/**
 * Refuses (403) a request that could change something when the browser says it comes from another
 * site: its Origin is not ours, or, without an Origin, Sec-Fetch-Site is not same-origin. Before
 * any route, so no action, upload or sign-out runs for it. A client that sends neither header is
 * not a browser acting for a signed-in visitor, so there is no one to forge a request for.
 */
export function refuseCrossSite(config: AppConfig): RequestHandler {
  const publicOrigin = originOf(config.publicUrl);
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS" || CROSS_SITE_PATHS.has(req.path)) {
      next();
      return;
    }
    const origin = req.get("origin");
    let sameSite: boolean;
    if (origin !== undefined) {
      // The address the browser used to reach us counts too (a second host name, a port in tests).
      const requestOrigin = `${req.protocol}://${req.get("host") ?? ""}`;
      sameSite = origin === publicOrigin || origin === requestOrigin;
    } else {
      const site = req.get("sec-fetch-site");
      sameSite = site === undefined || site === "same-origin" || site === "none";
    }
    if (sameSite) {
      next();
      return;
    }
    res.status(403).type("text/plain").set("Cache-Control", "no-store").send("Cross-site request refused");
  };
}
