import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.server";

describe("loadConfig", () => {
  it("runs on embedded defaults with no variables at all", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.siteName).toBe("CostumeCast");
    expect(config.publicUrl).toBe("http://localhost:3000");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.storage.driver).toBe("local");
    expect(config.payments.driver).toBe("demo");
  });

  it("names the variable and the problem in one line", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(/^Invalid configuration: PORT /);
    expect(() => loadConfig({ DATABASE_URL: "mysql://x" })).toThrow(/DATABASE_URL must start with postgres:/);
    expect(() => loadConfig({ SMTP_URL: "not a url" })).toThrow(/SMTP_URL/);
    expect(() => loadConfig({ ADMIN_EMAIL: "nobody" })).toThrow(/ADMIN_EMAIL must be an email address/);
  });

  it("refuses production without an auth secret, and demo payments unless asked for", () => {
    expect(() => loadConfig({ NODE_ENV: "production", PAYMENTS: "demo" })).toThrow(/BETTER_AUTH_SECRET is required/);
    const secret = "x".repeat(40);
    expect(() => loadConfig({ NODE_ENV: "production", BETTER_AUTH_SECRET: secret })).toThrow(/PAYMENTS must be set/);
    expect(loadConfig({ NODE_ENV: "production", BETTER_AUTH_SECRET: secret, PAYMENTS: "demo" }).payments.driver).toBe(
      "demo",
    );
    expect(() => loadConfig({ BETTER_AUTH_SECRET: "short" })).toThrow(/BETTER_AUTH_SECRET must be at least 32/);
  });

  it("allows demo mode in production only for a demo addressed on this machine", () => {
    const base = { NODE_ENV: "production", BETTER_AUTH_SECRET: "y".repeat(40), PAYMENTS: "demo", HOST: "127.0.0.1" };
    for (const publicUrl of ["https://www.example.com", "http://costumecast.example.com", "https://localhost:3000", "http://10.0.0.5:3000"]) {
      expect(() => loadConfig({ ...base, DEMO_MODE: "true", PUBLIC_URL: publicUrl }), publicUrl).toThrow(/DEMO_MODE cannot be enabled/);
    }
    // `npm run demo`: the production server on http://localhost, its dev mailbox on.
    for (const publicUrl of [undefined, "http://localhost:3000", "http://127.0.0.1:3300"]) {
      const config = loadConfig({ ...base, DEMO_MODE: "true", PUBLIC_URL: publicUrl });
      expect(config).toMatchObject({ isProduction: true, demoMode: true });
    }
    // Still no production without a secret, demo or not.
    expect(() => loadConfig({ NODE_ENV: "production", PAYMENTS: "demo", DEMO_MODE: "true" })).toThrow(/BETTER_AUTH_SECRET is required/);
  });

  it("refuses demo mode (its mailbox shows password-reset links) on an interface other machines can reach", () => {
    const production = { NODE_ENV: "production", BETTER_AUTH_SECRET: "y".repeat(40), PAYMENTS: "demo", DEMO_MODE: "true" };
    for (const env of [production, { DEMO_MODE: "true" }, { NODE_ENV: "development", DEMO_MODE: "true" }]) {
      // Unset HOST is every interface (0.0.0.0), which deployments rely on, so demo mode must name loopback.
      for (const host of [undefined, "0.0.0.0", "::", "192.168.1.20", "example.com", "128.0.0.1"]) {
        expect(() => loadConfig({ ...env, HOST: host }), `${env.NODE_ENV} ${host}`).toThrow(/^Invalid configuration: HOST must be a loopback address/);
      }
      for (const host of ["127.0.0.1", "127.0.1.1", "::1", "localhost", "LOCALHOST"]) {
        expect(loadConfig({ ...env, HOST: host })).toMatchObject({ demoMode: true, host });
      }
    }
    // Without demo mode every interface stays the default.
    expect(loadConfig({}).host).toBe("0.0.0.0");
    expect(loadConfig({ NODE_ENV: "production", BETTER_AUTH_SECRET: "y".repeat(40), PAYMENTS: "demo" }).host).toBe("0.0.0.0");
  });

  it("requires a bucket for S3 storage and the three Stripe settings together", () => {
    expect(() => loadConfig({ STORAGE_DRIVER: "s3" })).toThrow(/S3_BUCKET is required/);
    const s3 = loadConfig({ STORAGE_DRIVER: "s3", S3_BUCKET: "media", S3_ENDPOINT: "http://127.0.0.1:9000" });
    expect(s3.storage).toMatchObject({ driver: "s3", publicBaseUrl: "http://127.0.0.1:9000/media", forcePathStyle: true });
    expect(() => loadConfig({ PAYMENTS: "stripe", STRIPE_SECRET_KEY: "sk_test_1" })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it("refuses half a Stripe configuration in production, naming the missing variable", () => {
    const base = { NODE_ENV: "production", BETTER_AUTH_SECRET: "z".repeat(40) };
    const full = {
      STRIPE_SECRET_KEY: "sk_live_abc",
      STRIPE_WEBHOOK_SECRET: "whsec_abc",
      STRIPE_PRICE_ID: "price_abc",
    };
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: "sk_live_abc" })).toThrow(
      /^Invalid configuration: STRIPE_WEBHOOK_SECRET is required for Stripe payments/,
    );
    // Any one Stripe setting turns Stripe on, so a forgotten secret key is named too.
    expect(() => loadConfig({ ...base, STRIPE_WEBHOOK_SECRET: "whsec_abc", STRIPE_PRICE_ID: "price_abc" })).toThrow(
      /STRIPE_SECRET_KEY is required for Stripe payments/,
    );
    expect(() => loadConfig({ ...base, PAYMENTS: "stripe", STRIPE_SECRET_KEY: "sk_live_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" })).toThrow(
      /STRIPE_PRICE_ID is required/,
    );
    expect(() => loadConfig({ ...base, ...full, STRIPE_WEBHOOK_SECRET: "sk_live_oops" })).toThrow(
      /STRIPE_WEBHOOK_SECRET must be a webhook signing secret/,
    );
    expect(() => loadConfig({ ...base, ...full, STRIPE_PRICE_ID: "prod_abc" })).toThrow(/STRIPE_PRICE_ID must be a Stripe price id/);
    expect(() => loadConfig({ ...base, ...full, STRIPE_SECRET_KEY: "pk_live_abc" })).toThrow(/STRIPE_SECRET_KEY must be a Stripe secret/);
    // A secret never appears in the message.
    expect(() => loadConfig({ ...base, ...full, STRIPE_SECRET_KEY: "pk_live_abc" })).not.toThrow(/pk_live_abc/);
  });

  it("reads a complete Stripe configuration, with the API address for the local Stripe-shaped server", () => {
    const config = loadConfig({
      NODE_ENV: "production",
      BETTER_AUTH_SECRET: "z".repeat(40),
      STRIPE_SECRET_KEY: "sk_test_abc",
      STRIPE_WEBHOOK_SECRET: "whsec_abc",
      STRIPE_PRICE_ID: "price_abc",
      STRIPE_API_URL: "http://127.0.0.1:12111",
    });
    expect(config.payments).toEqual({
      driver: "stripe",
      secretKey: "sk_test_abc",
      webhookSecret: "whsec_abc",
      priceId: "price_abc",
      apiUrl: "http://127.0.0.1:12111",
    });
    expect(() => loadConfig({ PAYMENTS: "stripe", STRIPE_API_URL: "ftp://x" })).toThrow(/STRIPE_API_URL must start with http/);
    // Explicit demo payments ignore stray Stripe settings, as before.
    expect(loadConfig({ PAYMENTS: "demo", STRIPE_SECRET_KEY: "sk_test_abc" }).payments).toEqual({ driver: "demo" });
  });

  it("runs one process unless WEB_CONCURRENCY asks for more, which needs a database server", () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: "2", DATABASE_URL: "postgres://db.internal/costumecast" }).workers).toBe(2);
    expect(() => loadConfig({ WEB_CONCURRENCY: "2" })).toThrow(
      /^Invalid configuration: WEB_CONCURRENCY above 1 needs DATABASE_URL: the embedded database serves one process/,
    );
    expect(() => loadConfig({ WEB_CONCURRENCY: "0" })).toThrow(/WEB_CONCURRENCY/);
  });

  it("trims a trailing slash from PUBLIC_URL", () => {
    expect(loadConfig({ PUBLIC_URL: "https://costumecast.com/" }).publicUrl).toBe("https://costumecast.com");
  });

  it("reads TRUST_PROXY as a hop count or the proxies' addresses, never as 'trust every entry'", () => {
    expect(loadConfig({}).trustedProxies).toBeNull();
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "false" }).trustedProxies).toBeNull();
    expect(loadConfig({ TRUST_PROXY: "0" }).trustedProxies).toBeNull();
    expect(loadConfig({ TRUST_PROXY: "2" })).toMatchObject({ trustProxy: true, trustedProxies: { hops: 2, legacyBoolean: false } });
    // The old boolean: one hop, flagged so start-up warns to spell it as a count.
    expect(loadConfig({ TRUST_PROXY: "true" }).trustedProxies).toEqual({ hops: 1, legacyBoolean: true });
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, 192.168.1.7,loopback" }).trustedProxies).toEqual({
      addresses: ["10.0.0.0/8", "192.168.1.7", "loopback"],
    });
    expect(loadConfig({ TRUST_PROXY: "fd00::/8" }).trustedProxies).toEqual({ addresses: ["fd00::/8"] });
    expect(() => loadConfig({ TRUST_PROXY: "everyone" })).toThrow(/TRUST_PROXY must be a number of proxy hops or a list of proxy addresses \(not "everyone"\)/);
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.0/33" })).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: "50" })).toThrow(/TRUST_PROXY must be a small number of proxy hops/);
  });
});
