import type { FastifyInstance } from 'fastify';
import { AppError } from '../../infra/app-error';
import { assertOwnTechnician, type SessionUser } from '../../infra/session';
import { hasActivePlan } from './pos.queries';

/** The Professional plan's rank: the point of sale comes with it. */
const POS_PLAN_RANK = 3;
export const POS_PLAN_REQUIRED = 'The point of sale is part of the Professional plan';

/** The signed-in technician's id, when it may use the point of sale. */
export async function posTechnician(app: FastifyInstance, user: SessionUser | null) {
  if (user?.technicianId == null)
    throw new AppError(403, 'Only technicians can use the point of sale');
  if (!(await hasActivePlan(app.db, user.technicianId, POS_PLAN_RANK)))
    throw new AppError(403, POS_PLAN_REQUIRED);
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
