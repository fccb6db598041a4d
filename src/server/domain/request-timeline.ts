import type { FastifyInstance } from 'fastify';
import type { ServiceRequestStatus } from '@shared/constants/domain';
import {
  formatReference,
  type ServiceRequestMove,
  type SystemMove,
} from '@shared/service-request-rules';
import type { DbOrTx } from '../db/client';
import type { serviceRequests } from '../db/schema';
import { insertServiceRequestEvent, updateServiceRequest } from './request-timeline.queries';
import { withdrawAlerts } from './technician-alerts';

export type ServiceRequestRow = typeof serviceRequests.$inferSelect;

export type MoveActor = 'customer' | 'technician' | 'admin' | 'system';

export type RecordedMove = {
  move: ServiceRequestMove | SystemMove;
  to: ServiceRequestStatus;
  actor: MoveActor;
  actorUserId?: number | null;
  /** The technician the move concerns (who accepted, proposed, gave the job back...). */
  technicianId?: number | null;
  note?: string | null;
  details?: Record<string, unknown> | null;
  /** Other columns the move sets in the same update. */
  patch?: Partial<typeof serviceRequests.$inferInsert>;
};

/**
 * The one place a request's status changes (ADR 010). Inside the caller's transaction, with the
 * request row locked by the caller: updates the row, records the move on the timeline with who
 * and when, and tells everyone looking at it (the request's stream; the technicians concerned on
 * theirs) once the transaction commits. Whether the move is allowed is decided before
 * (src/shared/service-request-rules.ts for people's moves; dispatch for the platform's).
 */
export async function recordMove(
  app: FastifyInstance,
  tx: DbOrTx,
  request: ServiceRequestRow,
  m: RecordedMove,
): Promise<ServiceRequestRow> {
  const updated = await updateServiceRequest(tx, request.id, {
    ...m.patch,
    status: m.to,
    updatedAt: app.clock(),
  });
  await insertServiceRequestEvent(tx, {
    serviceRequestId: request.id,
    move: m.move,
    fromStatus: m.move === 'submit' ? null : request.status,
    toStatus: m.to,
    actorRole: m.actor,
    actorUserId: m.actorUserId ?? null,
    technicianId: m.technicianId ?? null,
    note: m.note ?? null,
    details: m.details ?? null,
    createdAt: app.clock(),
  });
  await announce(app, tx, request, updated!, m.move);
  return updated!;
}

/**
 * Records on the request's timeline something that happened to it without changing its status
 * (a quote sent or signed, an invoice issued, a payment or refund): who sees the timeline sees
 * it, as for moves.
 */
export async function recordDocumentEvent(
  app: FastifyInstance,
  tx: DbOrTx,
  request: ServiceRequestRow,
  move: string,
  details: Record<string, unknown>,
) {
  await insertServiceRequestEvent(tx, {
    serviceRequestId: request.id,
    move,
    fromStatus: request.status,
    toStatus: request.status,
    actorRole: 'system',
    technicianId: request.assignedTechnicianId,
    details,
    createdAt: app.clock(),
  });
}

/**
 * Tells the request's viewers and the technicians concerned that it changed (screens refetch).
 * Also used for changes that are not moves (a quote, an invoice, a payment, a review).
 */
export async function announce(
  app: FastifyInstance,
  tx: DbOrTx,
  before: Pick<ServiceRequestRow, 'id' | 'assignedTechnicianId'>,
  after: Pick<ServiceRequestRow, 'status' | 'assignedTechnicianId'>,
  what: string,
) {
  const payload = {
    serviceRequestId: before.id,
    reference: formatReference(before.id),
    status: after.status,
    what,
  };
  await app.realtime.publish(tx, {
    serviceRequestId: before.id,
    type: 'request.updated',
    payload,
  });
  const technicians = new Set(
    [before.assignedTechnicianId, after.assignedTechnicianId].filter((t): t is number => !!t),
  );
  for (const technicianId of technicians) {
    await app.realtime.publish(tx, { technicianId, type: 'job.updated', payload });
  }
}

/** Closes job notifications and tells their technicians' screens to drop them. */
export async function closeNotifications(
  app: FastifyInstance,
  tx: DbOrTx,
  rows: { id: number; technicianId: number }[],
  serviceRequestId: number,
  reason: string,
) {
  await withdrawAlerts(app, tx, rows, reason);
  for (const r of rows) {
    await app.realtime.publish(tx, {
      technicianId: r.technicianId,
      type: 'notification.closed',
      payload: { notificationId: r.id, serviceRequestId, reason },
    });
  }
}
