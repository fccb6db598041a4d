// Splits the journeys' spec files into N groups of about the same length, for CI to run side by
// side (each group with a server and database of its own): `node scripts/e2e-groups.mjs N I`
// prints group I's files (1-based), one a line. Lengths come from tests/e2e/durations.json
// (seconds a spec took in a CI run; refresh it when specs grow); a spec missing there counts as
// the median. Longest first, each into the shortest group so far: the same split every run.
import { readdirSync, readFileSync } from 'node:fs';

const [n, i] = process.argv.slice(2).map(Number);
if (!Number.isInteger(n) || !Number.isInteger(i) || n < 1 || i < 1 || i > n) {
  console.error('usage: node scripts/e2e-groups.mjs GROUPS GROUP');
  process.exit(2);
}
const durations = JSON.parse(readFileSync('tests/e2e/durations.json', 'utf8'));
const specs = readdirSync('tests/e2e')
  .filter((f) => f.endsWith('.spec.ts'))
  .sort();
const known = Object.values(durations).sort((a, b) => a - b);
const median = known.length ? known[Math.floor(known.length / 2)] : 10;
const weight = (f) => durations[f] ?? median;
const groups = Array.from({ length: n }, () => ({ total: 0, files: [] }));
for (const f of [...specs].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b))) {
  const g = groups.reduce((min, x) => (x.total < min.total ? x : min));
  g.total += weight(f);
  g.files.push(`tests/e2e/${f}`);
}
console.log(groups[i - 1].files.sort().join('\n'));
