import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { DEFAULT_NEARBY_MILES } from "~/lib/search-view";

// Every environment variable the application reads, validated once. `.env.example` documents each.

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no", ""])
  .optional()
  .transform((v) => v === "true" || v === "1" || v === "yes");

/**
 * Which proxies may tell us the visitor's address in X-Forwarded-For: a hop count ("1" for one load
 * balancer) or a comma-separated list of their addresses or CIDR ranges (Express's `loopback`,
 * `linklocal` and `uniquelocal` names too). The old boolean still parses: "false" is no proxy, and
 * "true" means one hop, never "trust every entry", since the left-most entry is whatever the client
 * wrote; server.ts warns that it should be spelled as a count.
 */
const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);
const CIDR = /^(?:\d{1,3}(?:\.\d{1,3}){3}\/\d{1,2}|[0-9a-f:.]+\/\d{1,3})$/i;
const trustProxySetting = z
  .string()
  .trim()
  .optional()
  .transform((v, ctx): TrustedProxies => {
    const value = (v ?? "").toLowerCase();
    if (value === "" || value === "false" || value === "no" || value === "0") return null;
    if (value === "true" || value === "yes") return { hops: 1, legacyBoolean: true };
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops > 10) ctx.addIssue({ code: "custom", message: "must be a small number of proxy hops (1 to 10)" });
      return { hops, legacyBoolean: false };
    }
    const addresses = value.split(",").map((entry) => entry.trim());
    const bad = addresses.find((entry) => !PROXY_NAMES.has(entry) && isIP(entry) === 0 && !isCidr(entry));
    if (bad !== undefined) {
      ctx.addIssue({
        code: "custom",
        message: `must be a number of proxy hops or a list of proxy addresses (not "${bad}")`,
      });
    }
    return { addresses };
  });

function isCidr(entry: string): boolean {
  if (!CIDR.test(entry)) return false;
  const [address, bits] = entry.split("/");
  const family = isIP(address);
  return family !== 0 && Number(bits) <= (family === 4 ? 32 : 128);
}

/** The proxies in front of the app, as TRUST_PROXY names them; null when visitors connect directly. */
export type TrustedProxies = { hops: number; legacyBoolean: boolean } | { addresses: string[] } | null;

/** An address only this machine can reach: plain http on localhost or a loopback IP. */
function isLocalAddress(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === "http:" && (hostname === "localhost" || hostname === "127.0.0.1" || hostname === "[::1]");
}

/** An interface only this machine can reach: localhost, 127.0.0.0/8 or ::1. */
function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[(.*)\]$/, "$1");
  if (name === "localhost" || name === "::1") return true;
  return isIP(name) === 4 && name.startsWith("127.");
}

const emailAddress = z.string().trim().email("must be an email address");

const urlString = (protocols: string[]) =>
  z
    .string()
    .trim()
    .url("must be a URL")
    .refine((v) => URL.canParse(v) && protocols.includes(new URL(v).protocol), {
      message: `must start with ${protocols.map((p) => `${p}//`).join(" or ")}`,
    });

/** A key in URL-safe base64 (as web-push prints it) that decodes to exactly `bytes` bytes. */
function base64UrlKey(bytes: number, what: string) {
  return z.string().refine((v) => /^[A-Za-z0-9_-]+$/.test(v) && Buffer.from(v, "base64url").length === bytes, { message: `must be ${what}` });
}

const STRIPE_SETTINGS = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_PRICE_ID"] as const;

/**
 * Stripe is on when asked for, or when any of its settings is present without PAYMENTS: a half-set
 * configuration then fails naming the missing variable instead of quietly running without payments.
 */
function wantsStripe(env: { PAYMENTS?: "stripe" | "demo" } & Partial<Record<(typeof STRIPE_SETTINGS)[number], string>>): boolean {
  return env.PAYMENTS === "stripe" || (env.PAYMENTS === undefined && STRIPE_SETTINGS.some((key) => !!env[key]));
}

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0, "must be a port number").max(65535, "must be a port number").default(3000),
    HOST: z.string().trim().min(1).default("0.0.0.0"),
    PUBLIC_URL: urlString(["http:", "https:"]).optional(),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    DATABASE_URL: urlString(["postgres:", "postgresql:"]).optional().or(z.literal("").transform(() => undefined)),
    DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),
    WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
    PAGE_CACHE_SECONDS: z.coerce.number().int().min(0).max(300).default(10),
    INSIGHTS_FLUSH_MS: z.coerce.number().int().min(50, "must be at least 50").max(600_000, "must be at most 600000").default(10_000),
    BETTER_AUTH_SECRET: optionalString.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    SMTP_URL: optionalString.pipe(urlString(["smtp:", "smtps:"]).optional()),
    MAIL_FROM: z.string().trim().min(3).default("CostumeCast <no-reply@costumecast.local>"),
    MAIL_POLL_MS: z.coerce.number().int().min(50, "must be at least 50").max(3_600_000, "must be at most 3600000").default(5000),
    VAPID_PUBLIC_KEY: optionalString.pipe(base64UrlKey(65, "an uncompressed P-256 public key (65 bytes, base64url)").optional()),
    VAPID_PRIVATE_KEY: optionalString.pipe(base64UrlKey(32, "a P-256 private key (32 bytes, base64url)").optional()),
    VAPID_SUBJECT: optionalString.pipe(
      z
        .string()
        .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, "must be a mailto: address or an https:// URL")
        .optional(),
    ),
    PUSH_POLL_MS: z.coerce.number().int().min(50, "must be at least 50").max(60_000, "must be at most 60000").default(1000),
    ADMIN_EMAIL: emailAddress.default("admin@costumecast.local"),
    SUPPORT_EMAIL: emailAddress.default("support@costumecast.com"),
    PARTNERS_EMAIL: emailAddress.default("partners@costumecast.com"),
    PRIVACY_EMAIL: emailAddress.default("privacy@costumecast.com"),
    SITE_NAME: z.string().trim().min(1).default("CostumeCast"),
    STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
    S3_BUCKET: optionalString,
    S3_REGION: z.string().trim().default("us-east-1"),
    S3_ENDPOINT: optionalString.pipe(urlString(["http:", "https:"]).optional()),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_PUBLIC_URL: optionalString.pipe(urlString(["http:", "https:"]).optional()),
    S3_FORCE_PATH_STYLE: booleanFlag,
    PAYMENTS: z.enum(["stripe", "demo"]).optional(),
    STRIPE_SECRET_KEY: optionalString.pipe(
      z
        .string()
        .regex(/^(sk|rk)_/, "must be a Stripe secret or restricted key (sk_... or rk_...)")
        .optional(),
    ),
    STRIPE_WEBHOOK_SECRET: optionalString.pipe(
      z.string().regex(/^whsec_/, "must be a webhook signing secret (whsec_...)").optional(),
    ),
    STRIPE_PRICE_ID: optionalString.pipe(z.string().regex(/^price_/, "must be a Stripe price id (price_...)").optional()),
    STRIPE_API_URL: optionalString.pipe(urlString(["http:", "https:"]).optional()),
    DEMO_MODE: booleanFlag,
    JOBS: z.enum(["on", "off"]).default("on"),
    TRUST_PROXY: trustProxySetting,
    CLIENT_IPV6_PREFIX: z.coerce.number().int().min(32, "must be between 32 and 128").max(128, "must be between 32 and 128").default(64),
    METRICS_TOKEN: optionalString.pipe(z.string().min(16, "must be at least 16 characters").optional()),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    NEARBY_MILES: z.coerce.number().int().min(25, "must be between 25 and 500 miles").max(500, "must be between 25 and 500 miles").default(DEFAULT_NEARBY_MILES),
  })
  .superRefine((env, ctx) => {
    const production = env.NODE_ENV === "production";
    if (env.WEB_CONCURRENCY > 1 && !env.DATABASE_URL) {
      ctx.addIssue({
        code: "custom",
        path: ["WEB_CONCURRENCY"],
        message: "above 1 needs DATABASE_URL: the embedded database serves one process",
      });
    }
    if (production && !env.BETTER_AUTH_SECRET) {
      ctx.addIssue({ code: "custom", path: ["BETTER_AUTH_SECRET"], message: "is required when NODE_ENV=production" });
    }
    // The demo (`npm run demo`) runs the production server with its conveniences on (the dev mailbox
    // shows every email the site sends): allowed only for a site addressed on this machine, so a
    // deployed production site can never turn it on.
    if (production && env.DEMO_MODE && !isLocalAddress(env.PUBLIC_URL ?? "http://localhost")) {
      ctx.addIssue({
        code: "custom",
        path: ["DEMO_MODE"],
        message: "cannot be enabled when NODE_ENV=production, except for a demo whose PUBLIC_URL is http://localhost",
      });
    }
    // The same conveniences in any environment are for the person at this machine only: the mailbox
    // holds working password-reset links and the demo's logins are published. Unset HOST is every
    // interface (deployments rely on it), so demo mode has to name a loopback one.
    if (env.DEMO_MODE && !isLoopbackHost(env.HOST)) {
      ctx.addIssue({
        code: "custom",
        path: ["HOST"],
        message: "must be a loopback address (127.0.0.1, ::1 or localhost) when DEMO_MODE is on: its mailbox shows every email, password-reset links included",
      });
    }
    // One key without the other would sign with a key the browsers were never given.
    if (!env.VAPID_PUBLIC_KEY !== !env.VAPID_PRIVATE_KEY) {
      const missing = env.VAPID_PUBLIC_KEY ? "VAPID_PRIVATE_KEY" : "VAPID_PUBLIC_KEY";
      ctx.addIssue({ code: "custom", path: [missing], message: "is required when the other VAPID key is set" });
    }
    if (env.STORAGE_DRIVER === "s3" && !env.S3_BUCKET) {
      ctx.addIssue({ code: "custom", path: ["S3_BUCKET"], message: "is required when STORAGE_DRIVER=s3" });
    }
    if (wantsStripe(env)) {
      for (const key of STRIPE_SETTINGS) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "is required for Stripe payments" });
      }
    } else if (production && env.PAYMENTS !== "demo") {
      ctx.addIssue({
        code: "custom",
        path: ["PAYMENTS"],
        message: "must be set: configure Stripe (STRIPE_SECRET_KEY...) or set PAYMENTS=demo explicitly in production",
      });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface AppConfig {
  env: Env["NODE_ENV"];
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolMax: number;
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** How often the outbox worker looks for mail to deliver. */
  mailPollMs: number;
  /**
   * Web Push (app/server/push/): the VAPID key pair from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or
   * null to use the pair kept in the data folder (made on first use); the subject push services
   * may write to; how often the push outbox is read (PUSH_POLL_MS).
   */
  push: { keys: { publicKey: string; privateKey: string } | null; subject: string; pollMs: number };
  adminEmail: string;
  contactEmails: { support: string; partners: string; privacy: string };
  siteName: string;
  storage:
    | { driver: "local"; root: string; publicBaseUrl: string }
    | {
        driver: "s3";
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
        publicBaseUrl: string;
        forcePathStyle: boolean;
      };
  payments:
    | { driver: "demo" }
    | { driver: "stripe"; secretKey: string; webhookSecret: string; priceId: string; apiUrl: string | undefined };
  demoMode: boolean;
  jobsEnabled: boolean;
  /** Server processes on this machine (WEB_CONCURRENCY): above 1, a primary process forks that many workers. */
  workers: number;
  /** PAGE_CACHE_SECONDS: how long a process keeps an anonymous public page it rendered (0: not at all). */
  pageCacheSeconds: number;
  /**
   * INSIGHTS_FLUSH_MS: how often a process writes the profile views and appearances it has counted
   * in memory to profile_daily_stats (and once more on shutdown); a crash loses at most this much.
   */
  insightsFlushMs: number;
  /** True when a proxy is trusted to say the visitor's address (see `trustedProxies` for which). */
  trustProxy: boolean;
  /** What Express's `trust proxy` is set to: a hop count or the proxies' addresses. */
  trustedProxies: TrustedProxies;
  /**
   * CLIENT_IPV6_PREFIX: how many leading bits of an IPv6 address make one visitor for the rate limits
   * and the insights (64: a household's or a server's whole /64 is one visitor). See client-key.server.ts.
   */
  ipv6ClientPrefix: number;
  /** Bearer token /metrics requires; undefined keeps /metrics off (404). */
  metricsToken: string | undefined;
  logLevel: Env["LOG_LEVEL"];
  /**
   * NEARBY_MILES: how far from a searched place a performer whose usual travel range stops short
   * of it is still listed, in a place search's and a city page's "Nearby, may charge travel" group.
   */
  nearbyMiles: number;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

// A development-only secret so `npm run demo` works without setup; production refuses to start without one.
const DEV_AUTH_SECRET = "costumecast-development-secret-do-not-use-in-production";

export function loadConfig(source: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = issue.path.join(".") || "environment";
    const value = source[name];
    const shown = value === undefined || /SECRET|KEY|PASSWORD|URL/.test(name) ? "" : ` (got "${value}")`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${shown}`);
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  const dataDir = path.resolve(env.DATA_DIR);
  const storage: AppConfig["storage"] =
    env.STORAGE_DRIVER === "s3"
      ? {
          driver: "s3",
          bucket: env.S3_BUCKET!,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          publicBaseUrl: (
            env.S3_PUBLIC_URL ??
            (env.S3_ENDPOINT
              ? `${env.S3_ENDPOINT.replace(/\/+$/, "")}/${env.S3_BUCKET}`
              : `https://${env.S3_BUCKET}.s3.${env.S3_REGION}.amazonaws.com`)
          ).replace(/\/+$/, ""),
          forcePathStyle: env.S3_FORCE_PATH_STYLE || !!env.S3_ENDPOINT,
        }
      : { driver: "local", root: path.join(dataDir, "media"), publicBaseUrl: "/media" };
  const payments: AppConfig["payments"] = wantsStripe(env)
    ? {
        driver: "stripe",
        secretKey: env.STRIPE_SECRET_KEY!,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET!,
        priceId: env.STRIPE_PRICE_ID!,
        apiUrl: env.STRIPE_API_URL,
      }
    : { driver: "demo" };
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === "production",
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePoolMax: env.DATABASE_POOL_MAX,
    workers: env.WEB_CONCURRENCY,
    pageCacheSeconds: env.PAGE_CACHE_SECONDS,
    insightsFlushMs: env.INSIGHTS_FLUSH_MS,
    authSecret: env.BETTER_AUTH_SECRET ?? DEV_AUTH_SECRET,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    mailPollMs: env.MAIL_POLL_MS,
    push: {
      keys: env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY } : null,
      subject: env.VAPID_SUBJECT ?? `mailto:${env.SUPPORT_EMAIL}`,
      pollMs: env.PUSH_POLL_MS,
    },
    adminEmail: env.ADMIN_EMAIL,
    contactEmails: { support: env.SUPPORT_EMAIL, partners: env.PARTNERS_EMAIL, privacy: env.PRIVACY_EMAIL },
    siteName: env.SITE_NAME,
    storage,
    payments,
    demoMode: env.DEMO_MODE,
    jobsEnabled: env.JOBS === "on",
    trustProxy: env.TRUST_PROXY !== null,
    trustedProxies: env.TRUST_PROXY,
    ipv6ClientPrefix: env.CLIENT_IPV6_PREFIX,
    metricsToken: env.METRICS_TOKEN,
    logLevel: env.LOG_LEVEL,
    nearbyMiles: env.NEARBY_MILES,
  };
}
