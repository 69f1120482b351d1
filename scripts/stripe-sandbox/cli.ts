import { parseArgs } from "node:util";
import { SANDBOX_DEFAULTS, startStripeSandbox } from "./server";

// Runs the Stripe-shaped test server in the foreground:
//   node --import tsx scripts/stripe-sandbox/cli.ts [--port 12111] [--webhook-url URL]
//        [--webhook-secret whsec_...] [--secret-key sk_test_...] [--price-id price_...] [--site-name NAME]
// then start the app with the environment it prints.

const { values } = parseArgs({
  options: {
    port: { type: "string", default: String(SANDBOX_DEFAULTS.port) },
    host: { type: "string", default: "127.0.0.1" },
    "webhook-url": { type: "string", default: SANDBOX_DEFAULTS.webhookUrl },
    "webhook-secret": { type: "string", default: SANDBOX_DEFAULTS.webhookSecret },
    "secret-key": { type: "string", default: SANDBOX_DEFAULTS.secretKey },
    "price-id": { type: "string", default: SANDBOX_DEFAULTS.priceId },
    "site-name": { type: "string", default: "CostumeCast" },
    quiet: { type: "boolean", default: false },
  },
});

const sandbox = await startStripeSandbox({
  port: Number(values.port),
  host: values.host,
  secretKey: values["secret-key"],
  webhookSecret: values["webhook-secret"]!,
  webhookUrl: values["webhook-url"],
  prices: [{ id: values["price-id"]!, unitAmount: 2900, nickname: "Yearly Membership" }],
  siteName: values["site-name"],
  log: values.quiet ? undefined : (line) => console.log(`[stripe-sandbox] ${line}`),
});

console.log(`Stripe-shaped test server listening on ${sandbox.url} (events go to ${values["webhook-url"]})`);
console.log("Start the app with:");
console.log(
  [
    "PAYMENTS=stripe",
    `STRIPE_API_URL=${sandbox.url}`,
    `STRIPE_SECRET_KEY=${values["secret-key"]}`,
    `STRIPE_WEBHOOK_SECRET=${values["webhook-secret"]}`,
    `STRIPE_PRICE_ID=${values["price-id"]}`,
  ].join(" "),
);

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    void sandbox.stop().then(() => process.exit(0));
  });
}
