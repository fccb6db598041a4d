import type { FastifyInstance } from 'fastify';
import { AppError } from '../../infra/app-error';
import { assertOwnTechnician, type SessionUser } from '../../infra/session';
import { technicianPlan } from '../../domain/entitlements';

export const POS_PLAN_REQUIRED = 'The point of sale is part of the Professional plan';

/**
 * The signed-in technician's id, when it may use the point of sale: the plan's `pointOfSale`
 * entitlement, read through the one plan check every paid feature uses, so a plan past due
 * keeps it through the grace period like leads and analytics (docs/decisions/036).
 */
export async function posTechnician(app: FastifyInstance, user: SessionUser | null) {
  if (user?.technicianId == null)
    throw new AppError(403, 'Only technicians can use the point of sale');
  const plan = await technicianPlan(app.db, user.technicianId, app.clock());
  if (!plan.pointOfSale) throw new AppError(403, POS_PLAN_REQUIRED);
  return user.technicianId;
}

/** A technician's list: their own with the point of sale, or any for an admin. */
export async function assertPosListAccess(
  app: FastifyInstance,
  user: SessionUser | null,
  technicianId: number,
) {
  assertOwnTechnician(user, technicianId);
  if (user?.role !== 'admin') await posTechnician(app, user);
}
