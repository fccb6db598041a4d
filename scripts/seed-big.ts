// `npm run seed:big -- --technicians 100000`: adds that many realistic technicians (with users)
// for benchmarks, spread over the DC / MD / VA region and denser near the 9 service towns.
// Set-based SQL (generate_series), so it runs on PostgreSQL and PGlite alike.
import { sql } from 'drizzle-orm';
import { LOCATIONS } from '../src/shared/constants/locations';
import { SERVICE_TYPES } from '../src/shared/constants/service-types';
import { seedDemoData } from '../src/server/seed/seed';
import { giveBenchTechniciansPlans } from './bench-plans';
import { giveBenchTechniciansCredentials } from './bench-credentials';
import { openConfiguredDatabase } from './db';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const n = Number(arg('technicians') ?? 100000);
if (!Number.isInteger(n) || n < 1 || n > 5_000_000) {
  console.error(
    'Usage: npm run seed:big -- --technicians <1..5000000> [--database-url postgres://...]',
  );
  process.exit(2);
}

const { where, open } = openConfiguredDatabase(arg('database-url'));
const database = await open();
await database.migrate();
await seedDemoData(database.db);
const { db } = database;
const started = Date.now();
const batch = 20000;
const res = (await db.execute(
  sql`select coalesce(max(id), 0)::int as base from users`,
)) as unknown as {
  rows: { base: number }[];
};
const base = Number(res.rows[0]?.base ?? 0);
const arr = (xs: readonly (string | number)[], type: string) =>
  `array[${xs.map((x) => (typeof x === 'number' ? String(x) : `'${x}'`)).join(', ')}]::${type}[]`;
const lats = arr(
  LOCATIONS.map((l) => l.latitude),
  'float8',
);
const lngs = arr(
  LOCATIONS.map((l) => l.longitude),
  'float8',
);
const names = arr(
  LOCATIONS.map((l) => l.name),
  'text',
);
const zips = arr(
  LOCATIONS.map((l) => l.zip),
  'text',
);
const types = `array[${SERVICE_TYPES.map((s) => `'${s}'`).join(', ')}]::text[]`;
const first = `array['James','Maria','Robert','Aisha','Michael','Sofia','David','Keisha','Daniel','Elena','Andre','Grace','Luis','Priya','Tyrone','Hannah','Omar','Mei','Carlos','Nina']`;
const last = `array['Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez','Lee','Walker','Hall','Allen','Young','King','Wright','Scott','Green','Baker','Nguyen']`;

for (let offset = 0; offset < n; offset += batch) {
  const size = Math.min(batch, n - offset);
  const from = base + offset + 1;
  await db.transaction(async (tx) => {
    await tx.execute(sql.raw(`select setseed(${((from % 997) + 1) / 1000})`));
    await tx.execute(
      sql.raw(`
      insert into users (username, email, role, status, first_name, last_name, phone)
      select 'bench.tech.' || g, 'bench.tech.' || g || '@example.com', 'technician', 'approved',
             (${first})[1 + (g * 7) % 20], (${last})[1 + (g * 13) % 20],
             -- The phone rule's E.164, in the fictional 555-0100 to 555-0199 range.
             '+13015550' || (100 + g % 100)::text
      from generate_series(${from}, ${from + size - 1}) g`),
    );
    await tx.execute(
      sql.raw(`
      with src as (
        select u.id as user_id, u.id as g, 1 + (u.id % 9) as town,
               random() as r1, random() as r2, random() as r3, random() as r4
        from users u where u.id between ${from} and ${from + size - 1} and u.username like 'bench.tech.%'
      )
      insert into technicians (user_id, location, zip_code, latitude, longitude, service_radius_miles,
        years_experience, hourly_rate_cents, bio, certifications, specialties, is_available, rating, total_reviews, completed_jobs)
      select user_id,
        case when r1 < 0.7 then (${names})[town] else 'Greater DC Area' end,
        case when r1 < 0.7 then (${zips})[town] else null end,
        case when r1 < 0.7 then (${lats})[town] + (r2 - 0.5) * 0.3 else 38.3 + r2 * 1.1 end,
        case when r1 < 0.7 then (${lngs})[town] + (r3 - 0.5) * 0.35 else -77.6 + r3 * 1.2 end,
        10 + floor(r4 * 41)::int,
        1 + floor(r2 * 30)::int,
        (50 + floor(r3 * 100)::int) * 100,
        case when r4 < 0.8 then 'Mobile mechanic serving the DC metro area. Honest quotes, quality parts and work done at your location.' end,
        case when r1 < 0.5 then array['ASE Certified'] else array['ASE Master Technician', 'EPA 609'] end,
        array[(${types})[1 + floor(r1 * 9)::int], (${types})[1 + floor(r4 * 9)::int], (${types})[1 + (g % 9)::int]],
        r2 < 0.85,
        round((2.5 + r3 * 2.5)::numeric, 2),
        floor(r4 * 120)::int,
        floor(r1 * 400)::int
      from src`),
    );
  });
  process.stdout.write(`\r  ${Math.min(offset + size, n)} / ${n}`);
}
await giveBenchTechniciansPlans(db);
await giveBenchTechniciansCredentials(db);
// Fresh statistics, so the planner sees the new table sizes right away.
await db.execute(sql`analyze`);
const seconds = (Date.now() - started) / 1000;
console.log(
  `\nSeeded ${n} technicians into ${where} in ${seconds.toFixed(1)} s (${Math.round(n / seconds)} per second)`,
);
await database.close();
