import type { FastifyInstance } from 'fastify';
import { LIMITS } from '@shared/constants/domain';
import type { DbOrTx } from '../../db/client';
import type { serviceRequests } from '../../db/schema';
import type { Snapshot } from '../../domain/technician-index';
import { unmatchedMail } from './dispatch.mail';
import { offerToFirstChoice } from './dispatch.first-choice';
import { findCandidates } from './dispatch.matching';
import { offer } from './dispatch.offer';
import * as q from './dispatch.queries';
import { closeNotifications, recordMove } from '../../domain/request-timeline';

/**
 * What a call to `advance` measured, for the metrics; the caller records it once the
 * transaction has committed (a rolled-back round notified no one).
 */
export type DispatchNotes = {
  /** Seconds from the request's creation to its first notification (its first dispatch only). */
  firstNotificationSeconds: number[];
  /**
   * Dispatches that ended unmatched: no technician was ever asked (`no_one_to_ask`), or all
   * who were asked let it pass (`nobody_accepted`).
   */
  unmatched: ('no_one_to_ask' | 'nobody_accepted')[];
};

export const noDispatchNotes = (): DispatchNotes => ({
  firstNotificationSeconds: [],
  unmatched: [],
});

/** Notifies the next nearest technicians of the request; returns how many. */
async function notifyRound(
  app: FastifyInstance,
  tx: DbOrTx,
  request: typeof serviceRequests.$inferSelect,
  round: number,
  snapshot: Snapshot,
) {
  if (request.latitude === null || request.longitude === null) return 0;
  const candidates = await findCandidates(tx, snapshot, {
    requestId: request.id,
    serviceType: request.serviceType,
    point: { latitude: request.latitude, longitude: request.longitude },
    now: app.clock(),
    limit: LIMITS.techniciansPerRound,
    dispatchStartedAt: request.dispatchStartedAt,
    maxDistanceMiles: request.maxDistanceMiles,
    windows: (request.requestedWindows ?? []).map((w) => ({
      start: new Date(w.start),
      end: new Date(w.end),
    })),
  });
  return offer(app, tx, request, round, candidates);
}

/**
 * Moves a request on: if its round is over (no pending, unexpired notification), notifies the
 * next nearest technicians, up to the last round; then marks it unmatched and tells the
 * customer. Returns how many technicians it notified.
 */
export async function advance(
  app: FastifyInstance,
  tx: DbOrTx,
  requestId: number,
  snapshot: Snapshot,
  notes: DispatchNotes = noDispatchNotes(),
): Promise<number> {
  const request = await q.lockRequest(tx, requestId);
  if (!request || (request.status !== 'dispatching' && request.status !== 'requested')) return 0;
  const expired = await q.expirePendingOf(tx, requestId, app.clock());
  await closeNotifications(app, tx, expired, requestId, 'expired');
  if (await q.hasPending(tx, requestId)) return 0;

  // The technician the customer chose hears of it first, alone (once, before round 1).
  const firstChoice = await offerToFirstChoice(app, tx, request);
  if (firstChoice.notified > 0) {
    notes.firstNotificationSeconds.push(
      (app.clock().getTime() - request.createdAt.getTime()) / 1000,
    );
    return firstChoice.notified;
  }

  let round = request.dispatchRound;
  while (round < LIMITS.dispatchRounds) {
    round += 1;
    const notified = await notifyRound(app, tx, request, round, snapshot);
    if (notified > 0) {
      // No round of this dispatch notified anyone before, and it is the request's first one
      // (a re-dispatch sets dispatchStartedAt).
      if (request.dispatchRound === 0 && request.dispatchStartedAt === null && !firstChoice.asked)
        notes.firstNotificationSeconds.push(
          (app.clock().getTime() - request.createdAt.getTime()) / 1000,
        );
      return notified;
    }
  }
  // dispatchRound moves only when a round notified someone (or here, at the end).
  notes.unmatched.push(
    request.dispatchRound === 0 && !firstChoice.asked ? 'no_one_to_ask' : 'nobody_accepted',
  );
  await recordMove(app, tx, request, {
    move: 'unmatched',
    to: 'unmatched',
    actor: 'system',
    details: { rounds: round },
    patch: { dispatchRound: round },
  });
  const mail = unmatchedMail(app, request, await q.offeredCount(tx, request.id));
  if (mail)
    await app.outbox.enqueue(tx, {
      ...mail,
      key: `request_unmatched:${request.id}:${round}:${request.dispatchStartedAt?.toISOString() ?? ''}`,
    });
  return 0;
}
