import { and, count, eq, gte, inArray, lt, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { jobNotifications, plans, subscriptions } from '../db/schema';

/** The technician's live subscription (active or past due) with its plan's name. */
export function liveSubscription(db: DbOrTx, technicianId: number) {
  return db
    .select({
      name: plans.name,
      status: subscriptions.status,
      start: subscriptions.currentPeriodStart,
      end: subscriptions.currentPeriodEnd,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(
      and(
        eq(subscriptions.technicianId, technicianId),
        inArray(subscriptions.status, ['active', 'past_due']),
      ),
    )
    .limit(1)
    .then((r) => r[0]);
}

/** How many jobs the technician accepted in [start, end). */
export async function countAcceptedJobs(db: DbOrTx, technicianId: number, start: Date, end: Date) {
  const [row] = await db
    .select({ n: count() })
    .from(jobNotifications)
    .where(
      and(
        eq(jobNotifications.technicianId, technicianId),
        eq(jobNotifications.status, 'accepted'),
        gte(jobNotifications.respondedAt, start),
        lt(jobNotifications.respondedAt, end),
      ),
    );
  return row?.n ?? 0;
}

/**
 * SQL condition: the technician (`technicianId`, a column) has a subscription active, or past
 * due with its period ended after `graceStart`, on a plan among `tiers`, and the jobs accepted
 * in its billing period are under the plan's cap in `caps` (no cap when a tier is not there).
 * Once the period has ended the next one has begun: the cap counts in it.
 */
export function receivesLeadsCondition(
  technicianId: AnyColumn,
  o: { now: Date; graceStart: Date; tiers: string[]; caps: { tier: string; cap: number }[] },
): SQL {
  const { now, graceStart } = o;
  const cap = sql.join(
    o.caps.map((c) => sql`when ${c.tier} then ${c.cap}::int`),
    sql` `,
  );
  const tiers = sql.join(
    o.tiers.map((t) => sql`${t}`),
    sql`, `,
  );
  const ended = sql`ls.current_period_end <= ${now}`;
  return sql`exists (select 1 from subscriptions ls join plans lp on lp.id = ls.plan_id
    where ls.technician_id = ${technicianId}
      and (ls.status = 'active' or (ls.status = 'past_due' and ls.current_period_end > ${graceStart}))
      and lp.name in (${tiers})
      and (case lp.name ${cap} else null end is null
        or (select count(*) from job_notifications la
             where la.technician_id = ls.technician_id and la.status = 'accepted'
               and la.responded_at >= case when ${ended} then ls.current_period_end else ls.current_period_start end
               and la.responded_at < case when ${ended}
                 then ls.current_period_end + (ls.current_period_end - ls.current_period_start)
                 else ls.current_period_end end)
           < case lp.name ${cap} else null end))`;
}
