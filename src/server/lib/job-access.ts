import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { parseReference, type JobActor } from '../../shared/jobs';
import type { DbOrTx } from '../db/client';
import { serviceRequests } from '../db/schema';
import { AppError } from './app-error';
import { verifyRequestLinkToken } from './request-links';
import type { SessionUser } from './session';

import type { ServiceRequestRow } from './job-timeline';

export type { ServiceRequestRow };

/** Who is acting on a request: the role decides the view and the moves (src/shared/jobs.ts). */
export type JobViewer = {
  role: JobActor;
  /** The signed-in user, if any (a guest with the signed link has none). */
  user: SessionUser | null;
};

export const REQUEST_NOT_FOUND = 'Service request not found';

export async function requestByReference(db: DbOrTx, reference: string, lock = false) {
  const id = parseReference(reference);
  if (id === null) throw new AppError(404, REQUEST_NOT_FOUND);
  const q = db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw new AppError(404, REQUEST_NOT_FOUND);
  return row;
}

/**
 * The viewer's role on this request: an admin; the assigned technician; the customer who owns
 * it (signed in); or anyone holding its signed link (`?t=`), who acts as its customer.
 * Anyone else is refused: 401 without a session or link, 403 otherwise.
 */
export function viewerOf(
  app: FastifyInstance,
  request: ServiceRequestRow,
  user: SessionUser | null,
  token: string | undefined,
): JobViewer {
  if (user?.role === 'admin') return { role: 'admin', user };
  if (
    user?.technicianId != null &&
    request.assignedTechnicianId === user.technicianId &&
    user.role === 'technician'
  )
    return { role: 'technician', user };
  if (user && user.id === request.customerId) return { role: 'customer', user };
  if (verifyRequestLinkToken(app.config.sessionSecret, request.id, token))
    return { role: 'customer', user };
  if (token) throw new AppError(403, 'This request link is invalid');
  if (!user)
    throw new AppError(401, 'Please sign in or open the link from your e-mail to see this request');
  throw new AppError(403, 'You do not have access to this service request');
}

/** Loads the request named by `reference` and the viewer's role on it. */
export async function resolveJobViewer(
  app: FastifyInstance,
  reference: string,
  user: SessionUser | null,
  token: string | undefined,
  db: DbOrTx = app.db,
  lock = false,
) {
  const request = await requestByReference(db, reference, lock);
  return { request, viewer: viewerOf(app, request, user, token) };
}
