import type { FastifyInstance } from 'fastify';
import { parseReference, type ServiceRequestActor } from '@shared/service-request-rules';
import type { DbOrTx } from '../db/client';
import { AppError } from '../infra/app-error';
import { serviceRequestById } from './request-access.queries';
import { requestLinkKind } from './request-links';
import type { SessionUser } from '../infra/session';

import type { ServiceRequestRow } from './request-timeline';

export type { ServiceRequestRow };

/** Who is acting on a request: the role decides the view and the moves (src/shared/service-request-rules.ts). */
export type RequestViewer = {
  role: ServiceRequestActor;
  /** The signed-in user, if any (a guest with the signed link has none). */
  user: SessionUser | null;
  /**
   * How a customer proved they are the request's customer: their account, the e-mailed link
   * (proof of the request's address) or the follow link the submitter got back. Only the first
   * two may review (ADR 025). Null for admins and technicians.
   */
  proof: 'account' | 'review_link' | 'follow_link' | null;
};

export const REQUEST_NOT_FOUND = 'Service request not found';

export async function requestByReference(db: DbOrTx, reference: string, lock = false) {
  const id = parseReference(reference);
  if (id === null) throw new AppError(404, REQUEST_NOT_FOUND);
  const row = await serviceRequestById(db, id, lock);
  if (!row) throw new AppError(404, REQUEST_NOT_FOUND);
  return row;
}

/**
 * The viewer's role on this request: an admin; the assigned technician; the customer who owns
 * it (signed in); or anyone holding its signed link (`?t=`), who acts as its customer (the link's
 * kind decides whether they may review: `proof`).
 * Anyone else gets the 404 of an unknown reference.
 */
export function viewerOf(
  app: FastifyInstance,
  request: ServiceRequestRow,
  user: SessionUser | null,
  token: string | undefined,
): RequestViewer {
  if (user?.role === 'admin') return { role: 'admin', user, proof: null };
  if (
    user?.technicianId != null &&
    request.assignedTechnicianId === user.technicianId &&
    user.role === 'technician'
  )
    return { role: 'technician', user, proof: null };
  if (user && user.id === request.customerId) return { role: 'customer', user, proof: 'account' };
  const link = requestLinkKind(app.config.sessionSecret, request.id, token);
  if (link)
    return { role: 'customer', user, proof: link === 'review' ? 'review_link' : 'follow_link' };
  // Without access the request does not exist for you: the same 404 as an unknown reference
  // (no session, a wrong link or another user), so references cannot be enumerated (ADR 027).
  throw new AppError(404, REQUEST_NOT_FOUND);
}

/** Loads the request named by `reference` and the viewer's role on it. */
export async function resolveRequestViewer(
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
