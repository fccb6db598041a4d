import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { fairPrices, serviceRequests } from '../db/schema';

/** One row of the aggregate: a service type in an area, its job totals and labor lines. */
export type FairPriceAggregate = {
  service_type: string;
  area: string;
  jobs: number;
  q: unknown;
  lines: number | null;
  labor_jobs: number | null;
  labor_q: unknown;
};

/** Invoices paid in [windowStart, now) of completed jobs with coordinates (`i`, `sr`). */
const counted = (
  windowStart: Date,
  now: Date,
) => sql`i.status = 'paid' and i.paid_at >= ${windowStart.toISOString()}::timestamptz
    and i.paid_at < ${now.toISOString()}::timestamptz
    and sr.status = 'completed' and sr.latitude is not null and sr.longitude is not null`;

const pgArray = (values: (number | string)[]) => `{${values.join(',')}}`;

/** The distinct coordinates of the jobs the figures count. */
export async function countedJobCoordinates(db: DbOrTx, windowStart: Date, now: Date) {
  const res = (await db.execute(sql`
    select distinct sr.latitude as lat, sr.longitude as lng
    from invoices i join service_requests sr on sr.id = i.service_request_id
    where ${counted(windowStart, now)}`)) as { rows: { lat: number; lng: number }[] };
  return res.rows;
}

/**
 * Per service type and area (`located` gives each job coordinate its area), the count and
 * quartiles of a counted job's paid total and of one labor line.
 */
export async function fairPriceAggregates(
  db: DbOrTx,
  windowStart: Date,
  now: Date,
  located: { lat: number; lng: number; area: string }[],
) {
  const paidInWindow = counted(windowStart, now);
  const res = (await db.execute(sql`
      with areas as (
        select * from unnest(
          ${pgArray(located.map((c) => c.lat))}::float8[],
          ${pgArray(located.map((c) => c.lng))}::float8[],
          ${pgArray(located.map((c) => c.area))}::text[]
        ) as a(lat, lng, area)
      ),
      paid as (
        select sr.id as job, sr.service_type, a.area, i.total_amount_cents, i.items
        from invoices i
        join service_requests sr on sr.id = i.service_request_id
        join areas a on a.lat = sr.latitude and a.lng = sr.longitude
        where ${paidInWindow}
      ),
      per_job as (
        select job, service_type, area, sum(total_amount_cents) as total
        from paid group by job, service_type, area
      ),
      labor as (
        select p.job, p.service_type, p.area, (l->>'totalPriceCents')::numeric as cents
        from paid p cross join lateral jsonb_array_elements(p.items) l
        where l->>'type' = 'labor'
      )
      select j.service_type, j.area, j.jobs, j.q, l.lines, l.labor_jobs, l.q as labor_q
      from (
        select service_type, area, count(*)::int as jobs,
          percentile_cont(array[0.25, 0.5, 0.75]) within group (order by total) as q
        from per_job group by service_type, area
      ) j
      left join (
        select service_type, area, count(*)::int as lines, count(distinct job)::int as labor_jobs,
          percentile_cont(array[0.25, 0.5, 0.75]) within group (order by cents) as q
        from labor group by service_type, area
      ) l using (service_type, area)`)) as {
    rows: FairPriceAggregate[];
  };
  return res.rows;
}

/** Replaces the whole table, under a lock that serializes instances (inside `tx`). */
export async function replaceFairPrices(tx: DbOrTx, rows: (typeof fairPrices.$inferInsert)[]) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('fair_prices_refresh'))`);
  await tx.delete(fairPrices);
  for (let i = 0; i < rows.length; i += 500)
    await tx.insert(fairPrices).values(rows.slice(i, i + 500));
}

export function fairPriceRow(db: DbOrTx, serviceType: string, area: string) {
  return db
    .select()
    .from(fairPrices)
    .where(and(eq(fairPrices.serviceType, serviceType), eq(fairPrices.area, area)))
    .limit(1)
    .then((r) => r[0]);
}

/** A job's service type and coordinates. */
export function jobServiceAndPlace(db: DbOrTx, serviceRequestId: number) {
  return db
    .select({
      serviceType: serviceRequests.serviceType,
      latitude: serviceRequests.latitude,
      longitude: serviceRequests.longitude,
    })
    .from(serviceRequests)
    .where(eq(serviceRequests.id, serviceRequestId))
    .limit(1)
    .then((r) => r[0]);
}
