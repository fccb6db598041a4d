/**
 * Analytics and fair-price benchmark on a year of platform data (PostgreSQL, a scratch
 * database `wrenchly_analytics_bench` next to BENCH_DATABASE_URL / DATABASE_URL / the local
 * server, dropped at the end): 200 technicians, 120000 completed and paid jobs, 400000 job
 * notifications, 60000 reviews. Prints one technician's summary queries (p50/p99 over 50 runs),
 * the fair-price refresh and a fair-price read.
 *   npx tsx bench/analytics.ts
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/server/infra/database';
import * as q from '../src/server/features/analytics/analytics.queries';
import { refreshFairPrices, fairPriceFor } from '../src/server/domain/fair-price';

const base = new URL(
  process.env.BENCH_DATABASE_URL ??
    process.env.DATABASE_URL ??
    'postgresql://postgres@127.0.0.1:5432/postgres',
);
const scratch = new URL(base);
scratch.pathname = '/wrenchly_analytics_bench';
const admin = async (statement: string) => {
  const c = new pg.Client({ connectionString: base.toString() });
  await c.connect();
  await c.query(statement);
  await c.end();
};
await admin('drop database if exists wrenchly_analytics_bench');
await admin('create database wrenchly_analytics_bench');
const database = await openDatabase({ kind: 'postgres', url: scratch.toString(), poolSize: 4 });
await database.migrate();
const db = database.db;
const x = (s: ReturnType<typeof sql>) => db.execute(s);
let t = Date.now();
await x(
  sql`insert into users (email, role, status, first_name, last_name) select 'u'||g||'@x.com', 'technician', 'approved', 'F', 'L' from generate_series(1, 201) g`,
);
await x(
  sql`insert into technicians (user_id, location, latitude, longitude, hourly_rate_cents) select id, 'Hyattsville, MD', 38.9559, -76.9455, 9500 from users`,
);
// 200 technicians x 600 jobs over the last year, each completed and paid.
await x(sql`insert into service_requests (customer_id, service_type, description, location, latitude, longitude, status, assigned_technician_id, completed_at, created_at)
  select 1, (array['Diagnostics','Electrical','Engine Repair','Brake Service'])[1 + g % 4], 'x', 'Hyattsville, MD',
    (array[38.9559, 38.9418, 38.9072, 38.6246])[1 + (g / 7) % 4], (array[-76.9455, -76.7302, -77.0369, -76.9391])[1 + (g / 7) % 4],
    'completed', 1 + g % 200, now() - (g % 365) * interval '1 day', now() - (g % 365) * interval '1 day' - interval '1 day'
  from generate_series(1, 120000) g`);
await x(sql`insert into job_notifications (service_request_id, technician_id, status, expires_at, responded_at, created_at)
  select 1 + g % 120000, 1 + g % 200, case when g % 4 = 0 and g <= 120000 then 'accepted' else (array['declined','declined','expired','closed'])[1 + g % 4] end,
    now() - (g % 365) * interval '1 day' + interval '5 minutes',
    case when g % 4 < 2 then now() - (g % 365) * interval '1 day' + (g % 280) * interval '1 second' end,
    now() - (g % 365) * interval '1 day'
  from generate_series(1, 400000) g`);
await x(sql`insert into quotes (quote_number, technician_id, service_request_id, customer_name, labor_total_cents, parts_total_cents, tax_amount_cents, total_amount_cents, status)
  select 'Q'||g, 1 + g % 200, g, 'c', 10000, 5000, 0, 15000 + (g % 997) * 100, 'approved' from generate_series(1, 120000) g`);
await x(sql`insert into invoices (invoice_number, quote_id, technician_id, service_request_id, customer_name, items, labor_total_cents, parts_total_cents, tax_amount_cents, total_amount_cents, paid_amount_cents, status, paid_at)
  select 'I'||q.id, q.id, q.technician_id, q.service_request_id, 'c', jsonb_build_array(jsonb_build_object('type','labor','totalPriceCents', 10000 + (q.id % 300) * 50), jsonb_build_object('type','part','totalPriceCents', 5000)),
    10000, 5000, 0, q.total_amount_cents, q.total_amount_cents, 'paid', sr.completed_at from quotes q join service_requests sr on sr.id = q.service_request_id`);
await x(sql`insert into invoice_payments (invoice_id, technician_id, method, amount_cents, status, receipt_number, created_at)
  select i.id, i.technician_id, (array['card','cash','check','digital'])[1 + i.id % 4], i.total_amount_cents, 'succeeded', 'R'||i.id, i.paid_at from invoices i`);
await x(
  sql`insert into reviews (technician_id, rating, created_at) select 1 + g % 200, 1 + g % 5, now() - (g % 365) * interval '1 day' from generate_series(1, 60000) g`,
);
await x(sql`analyze`);
console.log(`data loaded in ${Date.now() - t} ms`);

const r = {
  technicianId: 7,
  start: new Date(Date.now() - 365 * 86400_000),
  end: new Date(),
  tz: 'America/New_York',
};
const times: number[] = [];
for (let i = 0; i < 55; i++) {
  t = performance.now();
  await Promise.all([
    q.notificationsByMonth(db, r),
    q.responseTimes(db, r),
    q.medianResponseByMonth(db, r),
    q.completedByMonth(db, r),
    q.revenueByMonthAndMethod(db, r),
    q.ticketCount(db, r),
    q.reviewsByMonth(db, r),
  ]);
  if (i >= 5) times.push(performance.now() - t);
}
times.sort((a, b) => a - b);
console.log(
  `summary, one technician's year (2000 notifications, 600 jobs): p50 ${times[24]!.toFixed(1)} ms, p99 ${times[48]!.toFixed(1)} ms`,
);
t = performance.now();
const refreshed = await refreshFairPrices(db, new Date());
console.log(
  `fair-price refresh: ${refreshed.groups} groups from ${refreshed.jobs} jobs in ${(performance.now() - t).toFixed(0)} ms`,
);
t = performance.now();
for (let i = 0; i < 100; i++)
  await fairPriceFor(db, 'Electrical', { latitude: 38.9418, longitude: -76.7302 });
console.log(`fair-price read: ${((performance.now() - t) / 100).toFixed(2)} ms`);
await database.close();
await admin('drop database if exists wrenchly_analytics_bench');
