// `npm run bench:webhooks`: how long the app takes to handle Stripe's webhooks, and how many Stripe
// API requests one checkout costs. N performers (default 40, `--users N`) each click Subscribe Now
// (startCheckout) and pay on the Stripe-shaped sandbox, which delivers its genuinely signed events
// to a loopback listener calling handleStripeWebhook; then each subscription renews once. Every call
// is timed from the signature check to the commit. Prints events handled, median, p95 and max, and
// the API requests of the click and of the webhooks, counted by the sandbox.
//
// The database is PGlite in a temporary folder by default. `--pg`, or BENCH_DATABASE_URL, uses a
// scratch PostgreSQL database (`cc_bench_webhooks`, created on the server of BENCH_DATABASE_URL,
// default postgres://postgres@127.0.0.1:5432/postgres, and dropped afterwards).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { openDatabase, type Database } from "~/server/db/client.server";
import { startCheckout } from "~/server/payments/checkout.server";
import {
  createProfile,
  createUser,
  listing,
  startPaymentsHarness,
  type PaymentsHarness,
} from "../tests/server/payments-fixtures";
import { createScratchDatabase, percentile, type ScratchDatabase } from "./lib/bench";

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const BENCH_DB = "cc_bench_webhooks";
// Enough to hold the loops to a few minutes; a typo such as 40000 should fail, not run for an hour.
const MAX_USERS = 1_000;

const { values: args } = parseArgs({
  options: { pg: { type: "boolean", default: false }, users: { type: "string" } },
  strict: true,
});
const USERS = Number(args.users ?? process.env.BENCH_USERS ?? 40);
if (!Number.isInteger(USERS) || USERS < 1 || USERS > MAX_USERS) {
  console.error(`--users must be a whole number from 1 to ${MAX_USERS}`);
  process.exit(2);
}
const USE_POSTGRES = args.pg || Boolean(process.env.BENCH_DATABASE_URL);

type Answer = PaymentsHarness["webhookAnswers"][number];
type Phase = "checkout" | "renewal";

/** Stripe API requests by endpoint, summed over every performer. */
class RequestTally {
  private readonly byEndpoint = new Map<string, number>();
  total = 0;

  add(counts: { total: number; byEndpoint: Record<string, number> }): void {
    this.total += counts.total;
    for (const [endpoint, n] of Object.entries(counts.byEndpoint)) this.byEndpoint.set(endpoint, (this.byEndpoint.get(endpoint) ?? 0) + n);
  }

  /** Per performer, e.g. "2 (POST /v1/customers 1, POST /v1/checkout/sessions 1)". */
  perUser(users: number): string {
    const per = (n: number) => String(Math.round((n / users) * 100) / 100);
    const parts = [...this.byEndpoint.entries()].sort().map(([endpoint, n]) => `${endpoint} ${per(n)}`);
    return `${per(this.total)}${parts.length ? ` (${parts.join(", ")})` : ""}`;
  }
}

function summary(label: string, answers: Answer[]): string {
  const times = answers.map((a) => a.ms).sort((a, b) => a - b);
  const ms = (p: number) => percentile(times, p).toFixed(2);
  return `| ${label} | ${answers.length} | ${ms(50)} | ${ms(95)} | ${times.length ? times[times.length - 1].toFixed(2) : "NaN"} |`;
}

/** Runs `work` and returns what it adds to the harness's webhook answers, failing on any delivery not answered 200. */
async function deliveredBy(harness: PaymentsHarness, work: () => Promise<{ events: string[] }>): Promise<Answer[]> {
  const before = harness.webhookAnswers.length;
  // The sandbox delivers the events it emits, one after another, before pay() and advance() return.
  const { events } = await work();
  const answers = harness.webhookAnswers.slice(before);
  if (answers.length !== events.length) throw new Error(`${events.length} events emitted, ${answers.length} answered`);
  const refused = answers.find((a) => a.result.status !== 200);
  if (refused) throw new Error(`${refused.type} answered ${refused.result.status}: ${JSON.stringify(refused.result.body)}`);
  return answers;
}

async function run(harness: PaymentsHarness) {
  const { sandbox } = harness;
  const answers: Record<Phase, Answer[]> = { checkout: [], renewal: [] };
  const click = new RequestTally();
  const checkoutHooks = new RequestTally();
  const renewalHooks = new RequestTally();
  const subscriptions: { userId: string; subscriptionId: string }[] = [];

  for (let i = 0; i < USERS; i++) {
    const account = await createUser(harness);
    // A finished profile, so that paying makes the listing public as it would for a real performer.
    await createProfile(harness, account.id);
    sandbox.resetRequestCounts();
    const start = await startCheckout(harness.context, { userId: account.id, planId: "YEARLY_MEMBERSHIP" });
    if (start.kind !== "checkout") throw new Error(`expected a checkout session, got ${start.kind}`);
    click.add(sandbox.requestCounts());
    sandbox.resetRequestCounts();
    let subscriptionId = "";
    answers.checkout.push(
      ...(await deliveredBy(harness, async () => {
        const paid = await sandbox.pay(start.sessionId);
        subscriptionId = paid.subscription.id;
        return paid;
      })),
    );
    checkoutHooks.add(sandbox.requestCounts());
    // Not timed: proves the webhooks did their job, so the figures are of real work.
    const state = await listing(harness, account.id);
    if (state?.paymentStatus !== "paid") throw new Error(`user ${account.id} is ${state?.paymentStatus ?? "missing"} after paying`);
    subscriptions.push({ userId: account.id, subscriptionId });
  }

  for (const { userId, subscriptionId } of subscriptions) {
    const before = await listing(harness, userId);
    sandbox.resetRequestCounts();
    answers.renewal.push(...(await deliveredBy(harness, () => sandbox.advance(subscriptionId, "renew"))));
    renewalHooks.add(sandbox.requestCounts());
    const after = await listing(harness, userId);
    // ISO dates compare as strings: the renewal must have moved the paid-through date on.
    if (!after?.paymentExpiry || !before?.paymentExpiry || after.paymentExpiry <= before.paymentExpiry) {
      throw new Error(`renewal of ${userId} left the expiry at ${after?.paymentExpiry ?? "none"}`);
    }
  }
  return { answers, click, checkoutHooks, renewalHooks };
}

function report(engine: string, result: Awaited<ReturnType<typeof run>>) {
  const { answers, click, checkoutHooks, renewalHooks } = result;
  const all = [...answers.checkout, ...answers.renewal];
  const ignored = all.filter((a) => "ignored" in a.result.body).length;
  console.log(`\nStripe webhooks on ${engine}, ${USERS} performers: handleStripeWebhook from signature check to commit, milliseconds`);
  console.log("| events | handled | median | p95 | max |");
  console.log("|---|---:|---:|---:|---:|");
  console.log(summary("checkout (pay)", answers.checkout));
  console.log(summary("renewal", answers.renewal));
  console.log(summary("all", all));
  const types = [...new Set(all.map((a) => a.type))].sort();
  for (const type of types) console.log(summary(`  ${type}`, all.filter((a) => a.type === type)));
  console.log(`${all.length} events handled, all answered 200 (${ignored} recorded but not ours to act on).`);
  console.log("\nStripe API requests per checkout (counted by the sandbox, per performer):");
  console.log(`  Subscribe Now click: ${click.perUser(USERS)}`);
  console.log(`  webhooks:            ${checkoutHooks.perUser(USERS)}`);
  console.log(`Stripe API requests per renewal (webhooks): ${renewalHooks.perUser(USERS)}`);
}

async function main() {
  // Made only for PGlite; PostgreSQL keeps its data in the scratch database.
  const dataDir = USE_POSTGRES ? null : fs.mkdtempSync(path.join(os.tmpdir(), "cc-bench-webhooks-"));
  let scratch: ScratchDatabase | null = null;
  let database: Database | null = null;
  let harness: PaymentsHarness | null = null;
  try {
    let engine: string;
    if (dataDir) {
      database = await openDatabase({ dataDir });
      engine = "PGlite";
    } else {
      scratch = await createScratchDatabase(ADMIN_URL, BENCH_DB);
      database = await openDatabase({ databaseUrl: scratch.url });
      engine = `PostgreSQL (${new URL(scratch.url).host}/${BENCH_DB})`;
    }
    harness = await startPaymentsHarness({ database: { ...database, engine: database.driver } });
    report(engine, await run(harness));
  } finally {
    // The harness closes the database it was given; without a harness it is closed here.
    if (harness) await harness.close();
    else await database?.close();
    await scratch?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
