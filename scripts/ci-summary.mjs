// Adds up the runners' JSON reports into one closing line: 'N passed, N failed'.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
let passed = 0;
let failed = 0;
let skipped = 0;
let flaky = 0;
for (const name of ['vitest-postgres.json', 'vitest-pglite.json']) {
  const file = path.join(dir, name);
  if (!existsSync(file)) continue;
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  console.log(`${name}: ${r.numPassedTests} passed, ${r.numFailedTests} failed`);
}
// playwright.json, or one file a group when the journeys ran in groups (playwright-<group>.json).
for (const name of readdirSync(dir)
  .filter((n) => /^playwright(-[\w-]+)?\.json$/.test(n))
  .sort()) {
  const s = JSON.parse(readFileSync(path.join(dir, name), 'utf8')).stats;
  passed += s.expected;
  failed += s.unexpected;
  flaky += s.flaky;
  skipped += s.skipped;
  console.log(
    `${name}: ${s.expected} passed, ${s.unexpected} failed, ${s.flaky} flaky (passed on retry)`,
  );
}
console.log(`${passed} passed, ${failed} failed, ${flaky} flaky, ${skipped} skipped`);
if (failed > 0 || passed === 0) process.exit(1);
