import type { FastifyInstance } from 'fastify';
import { LIMITS } from '@shared/constants/domain';
import type { DbOrTx } from '../../db/client';
import type { serviceRequests } from '../../db/schema';
import * as q from './dispatch.queries';
import { recordMove } from '../../domain/request-timeline';
import { alertTechnicians } from '../../domain/technician-alerts';

/**
 * Offers the request to `candidates` for one notification's lifetime, as round `round` (0: the
 * exclusive offer to the technician the customer chose): their notifications, live events and
 * alerts, and the round on the request's timeline. Returns how many were notified.
 */
export async function offer(
  app: FastifyInstance,
  tx: DbOrTx,
  request: typeof serviceRequests.$inferSelect,
  round: number,
  candidates: { technicianId: number; distanceMiles: number | null }[],
) {
  if (candidates.length === 0) return 0;
  const createdAt = app.clock();
  const expiresAt = new Date(createdAt.getTime() + LIMITS.notificationWindowMs);
  const created = await q.insertNotifications(
    tx,
    candidates.map((c) => ({
      serviceRequestId: request.id,
      technicianId: c.technicianId,
      round,
      distanceMiles: c.distanceMiles,
      status: 'pending' as const,
      expiresAt,
      createdAt,
    })),
  );
  for (const n of created) {
    await app.realtime.publish(tx, {
      technicianId: n.technicianId,
      type: 'notification.created',
      payload: { notificationId: n.id, serviceRequestId: request.id },
    });
  }
  // Technicians without the page open: push, else e-mail / SMS (ADR 012).
  const distance = new Map(candidates.map((c) => [c.technicianId, c.distanceMiles]));
  await alertTechnicians(
    app,
    tx,
    request,
    round === 0,
    created.map((n) => ({ ...n, distanceMiles: distance.get(n.technicianId) ?? null, expiresAt })),
  );
  await recordMove(app, tx, request, {
    move: 'dispatch_round',
    to: 'dispatching',
    actor: 'system',
    details: {
      round,
      notified: created.length,
      endsAt: expiresAt.toISOString(),
      ...(round === 0 ? { firstChoice: true } : {}),
    },
    patch: { dispatchRound: round },
  });
  return created.length;
}
