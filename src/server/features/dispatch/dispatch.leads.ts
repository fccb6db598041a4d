import { JOB_LIMIT_REACHED, NO_PLAN_NO_LEADS } from '@shared/plans';
import type { LeadStatus } from '@shared/schemas/dispatch';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../infra/app-error';
import { acceptedJobsBetween, technicianPlan } from '../../domain/entitlements';
import * as q from './dispatch.queries';

/** The technician's plan now and the jobs they accepted in its billing period. */
export async function leadStatus(db: DbOrTx, technicianId: number, now: Date): Promise<LeadStatus> {
  const plan = await technicianPlan(db, technicianId, now);
  const accepted = plan.period
    ? await acceptedJobsBetween(db, technicianId, plan.period.start, plan.period.end)
    : 0;
  const limitReached = plan.leads && plan.monthlyJobCap !== null && accepted >= plan.monthlyJobCap;
  return {
    plan: plan.tier,
    status: plan.status,
    inGrace: plan.inGrace,
    receivesLeads: plan.leads && !limitReached,
    monthlyJobCap: plan.leads ? plan.monthlyJobCap : 0,
    acceptedThisPeriod: accepted,
    periodEnd: plan.period?.end.toISOString() ?? null,
    limitReached,
  };
}

/**
 * Refuses a job the technician's plan does not cover: no plan (403), or the monthly job cap
 * reached (409). Locks the technician's row first, so two accepts at 9 of 10 cannot both count
 * 9: the second counts after the first commits (ADR 014). Call inside the accept's transaction.
 */
export async function assertRoomForJob(tx: DbOrTx, technicianId: number, at: Date) {
  await q.lockTechnician(tx, technicianId);
  const status = await leadStatus(tx, technicianId, at);
  if (status.status === 'none' || status.monthlyJobCap === 0)
    throw new AppError(403, NO_PLAN_NO_LEADS);
  if (status.limitReached) throw new AppError(409, JOB_LIMIT_REACHED);
}
