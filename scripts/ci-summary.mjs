// Sums the JSON reports of the CI's test runs into one closing line: "N passed, N failed", then
// names every test that passed only on its retry (a retry is a bug to find, not a pass).
import fs from "node:fs";
import path from "node:path";

let passed = 0;
let failed = 0;
let skipped = 0;
const onRetry = [];

/** Playwright's tests, from its nested suites. */
function playwrightTests(suite, acc = []) {
  for (const spec of suite.specs ?? []) for (const test of spec.tests) acc.push({ spec, test });
  for (const child of suite.suites ?? []) playwrightTests(child, acc);
  return acc;
}

for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) {
    console.error(`missing report ${file}`);
    failed += 1;
    continue;
  }
  const report = JSON.parse(fs.readFileSync(file, "utf8"));
  const run = path.basename(file, ".json");
  if (typeof report.numPassedTests === "number") {
    // Vitest's JSON reporter. A test that passed on its retry keeps the failed attempt's messages.
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
    for (const result of report.testResults ?? []) {
      for (const test of result.assertionResults ?? []) {
        if (test.status === "passed" && (test.failureMessages ?? []).length > 0) {
          onRetry.push(`${run}: ${path.relative(process.cwd(), result.name)} > ${test.fullName}`);
        }
      }
    }
  } else if (report.stats) {
    // Playwright's JSON reporter: "flaky" tests failed first and passed on retry.
    passed += (report.stats.expected ?? 0) + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected ?? 0;
    skipped += report.stats.skipped ?? 0;
    for (const suite of report.suites ?? []) {
      for (const { spec, test } of playwrightTests(suite)) {
        if (test.status === "flaky") onRetry.push(`${run}: ${spec.file}:${spec.line} > ${spec.title}`);
      }
    }
  }
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}, ${onRetry.length} passed only on retry`);
for (const name of onRetry) console.log(`  passed only on retry: ${name}`);
process.exit(failed > 0 ? 1 : 0);
