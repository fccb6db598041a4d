import type { AnyColumn, SQL } from 'drizzle-orm';
import { PLAN_TIERS, type PlanTier } from '@shared/constants/domain';
import { GRACE_DAYS, PLAN_ENTITLEMENTS, type Entitlements } from '@shared/plans';
import type { DbOrTx } from '../db/client';
import {
  countAcceptedJobs,
  liveSubscription,
  receivesLeadsCondition,
} from './entitlements.queries';

export type TechnicianPlan = Entitlements & {
  status: 'active' | 'past_due' | 'none';
  /** The billing period the job cap counts in; null without a plan. */
  period: { start: Date; end: Date } | null;
  /** Past due but still within the grace period. */
  inGrace: boolean;
};

export const tierOf = (name: string): PlanTier =>
  (PLAN_TIERS as readonly string[]).includes(name) ? (name as PlanTier) : 'Free';

const GRACE_MS = GRACE_DAYS * 86_400_000;

/**
 * Until when (epoch ms) a live subscription's plan delivers: for ever while active (renewals
 * move the period on), the end of the grace period when past due. The search index keeps this
 * per technician so that a grace period running out needs no write to be seen (ADR 014).
 */
export const planHoldsUntil = (status: string, periodEnd: Date) =>
  status === 'active' ? Infinity : status === 'past_due' ? periodEnd.getTime() + GRACE_MS : 0;

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
  const row = await liveSubscription(db, technicianId);
  if (!row || now.getTime() >= planHoldsUntil(row.status, row.end))
    return { ...PLAN_ENTITLEMENTS.Free, status: 'none', period: null, inGrace: false };
  const inGrace = row.status === 'past_due';
  // Once the period has ended (in grace, or active with the renewal not yet run) the unpaid
  // period has begun: the cap counts in it, not in the one that ended.
  const period =
    now.getTime() >= row.end.getTime()
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
  return countAcceptedJobs(db, technicianId, start, end);
}

const capOf = (tier: PlanTier) => PLAN_ENTITLEMENTS[tier].monthlyJobCap;
const LEAD_TIERS = PLAN_TIERS.filter((t) => PLAN_ENTITLEMENTS[t].leads);

/**
 * SQL condition: the technician (`technicianId`, a column) gets leads now: their plan delivers
 * leads (technicianPlan above) and the jobs they accepted in its billing period are under the
 * plan's monthly cap (acceptedJobsBetween above). The same rules as those two functions, in one
 * statement so dispatch matching checks a round's candidates in one query; the API tests at
 * each plan check both paths (matching uses this, accepting uses the functions).
 */
export function receivesLeadsSql(technicianId: AnyColumn, now: Date): SQL {
  const graceStart = new Date(now.getTime() - GRACE_MS);
  const caps = LEAD_TIERS.flatMap((tier) => {
    const cap = capOf(tier);
    return cap === null ? [] : [{ tier, cap }];
  });
  // Once the period has ended the next one has begun: the cap counts in it (as technicianPlan).
  return receivesLeadsCondition(technicianId, { now, graceStart, tiers: [...LEAD_TIERS], caps });
}
