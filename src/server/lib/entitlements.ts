import { and, count, eq, gte, inArray, lt } from 'drizzle-orm';
import { PLAN_TIERS, type PlanTier } from '../../shared/constants/domain';
import { GRACE_DAYS, PLAN_ENTITLEMENTS, type Entitlements } from '../../shared/plans';
import type { DbOrTx } from '../db/client';
import { jobNotifications, plans, subscriptions } from '../db/schema';

export type TechnicianPlan = Entitlements & {
  status: 'active' | 'past_due' | 'none';
  /** The billing period the job cap counts in; null without a plan. */
  period: { start: Date; end: Date } | null;
  /** Past due but still within the grace period. */
  inGrace: boolean;
};

const tierOf = (name: string): PlanTier =>
  (PLAN_TIERS as readonly string[]).includes(name) ? (name as PlanTier) : 'Free';

/**
 * The plan a technician's entitlements come from now: an active subscription, or one past due
 * for less than GRACE_DAYS after its period ended (a failed renewal being retried). Anything
 * else is Free (no leads, no paid features).
 */
export async function technicianPlan(
  db: DbOrTx,
  technicianId: number,
  now: Date,
): Promise<TechnicianPlan> {
  const [row] = await db
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
    .limit(1);
  const graceEnds = row ? row.end.getTime() + GRACE_DAYS * 86_400_000 : 0;
  if (!row || (row.status === 'past_due' && now.getTime() >= graceEnds))
    return { ...PLAN_ENTITLEMENTS.Free, status: 'none', period: null, inGrace: false };
  const inGrace = row.status === 'past_due';
  // In grace the unpaid period has begun: the cap counts in it, not in the one that ended.
  const period = inGrace
    ? {
        start: row.end,
        end: new Date(row.end.getTime() + (row.end.getTime() - row.start.getTime())),
      }
    : { start: row.start, end: row.end };
  return {
    ...PLAN_ENTITLEMENTS[tierOf(row.name)],
    status: row.status as 'active' | 'past_due',
    period,
    inGrace,
  };
}

/** Jobs the technician accepted in [start, end): what the monthly job cap counts. */
export async function acceptedJobsBetween(
  db: DbOrTx,
  technicianId: number,
  start: Date,
  end: Date,
) {
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
