import type { FastifyInstance } from 'fastify';
import { AppError } from '../../infra/app-error';
import type { Dispatcher } from '../../domain/dispatcher';
import type { SessionUser } from '../../infra/session';
import { pruneRealtimeEvents } from '../../infra/realtime';
import { assertRoomForJob, leadStatus } from './dispatch.leads';
import { jobAcceptedMail } from './dispatch.mail';
import { toJobNotification } from './dispatch.presenters';
import * as q from './dispatch.queries';
import { advance, noDispatchNotes, type DispatchNotes } from './dispatch.rounds';
import { announce, closeNotifications, recordMove } from '../../domain/request-timeline';
import { pruneLiveStreams } from '../../infra/presence';
import { withdrawAlerts } from '../../domain/technician-alerts';
import { firstBookable, isDoubleBooking, WINDOW_TAKEN } from '../../domain/technician-calendar';
import type { DbOrTx } from '../../db/client';

/**
 * Accepting a request whose customer picked arrival windows books the first of them the
 * technician is free in (ADR 043): the window is agreed, the job scheduled. 409 when they are
 * free in none (the offer stays theirs to answer, and others may take it).
 */
async function bookPickedWindow(
  tx: DbOrTx,
  request: { id: number; requestedWindows: { start: string; end: string }[] | null },
  technicianId: number,
  at: Date,
) {
  const picked = (request.requestedWindows ?? []).map((w) => ({
    start: new Date(w.start),
    end: new Date(w.end),
  }));
  if (picked.length === 0) return null;
  const { window, reason } = await firstBookable(tx, technicianId, picked, at, request.id);
  if (!window)
    throw new AppError(
      409,
      `You can't take this job in any of the customer's windows: ${reason ?? WINDOW_TAKEN}`,
    );
  return window;
}

/** The database's refusal of an overlapping booking, in the technician's words. */
const refuseDoubleBooking = (err: unknown): never => {
  if (isDoubleBooking(err)) throw new AppError(409, WINDOW_TAKEN);
  throw err;
};

export function createDispatchService(app: FastifyInstance) {
  const now = () => app.clock();
  const listedTechnicians = () => app.technicianIndex.current();

  async function loadOwned(id: number, user: SessionUser) {
    const row = await q.notificationById(app.db, id);
    if (!row) throw new AppError(404, 'Job notification not found');
    if (row.n.technicianId !== user.technicianId) {
      throw new AppError(403, 'Only the notified technician can answer this job notification');
    }
    return row;
  }

  /** Records what rounds measured, once their transaction has committed. */
  function record(notes: DispatchNotes) {
    for (const seconds of notes.firstNotificationSeconds)
      app.metrics?.dispatchFirstNotification(Math.max(0, seconds));
    for (const reason of notes.unmatched) app.metrics?.dispatchUnmatched(reason);
  }

  const dispatcher: Dispatcher = {
    async dispatch(serviceRequestId) {
      // Read before the transaction: on PGlite the one connection is the transaction's.
      const snapshot = await listedTechnicians();
      const notes = noDispatchNotes();
      const notified = await app.db.transaction((tx) =>
        advance(app, tx, serviceRequestId, snapshot, notes),
      );
      app.metrics?.dispatchStarted();
      record(notes);
      return notified;
    },
  };

  return {
    dispatcher,

    async listForTechnician(technicianId: number) {
      const rows = await q.notificationRows(app.db, technicianId, 100);
      const t = now();
      return rows.map((r) => toJobNotification(r, t));
    },

    /** Whether the technician gets leads now, and where they stand against their job cap. */
    async leadStatus(technicianId: number) {
      // An admin may ask for any id: no 'no plan' answer for a technician who does not exist.
      if (!(await q.technicianContact(app.db, technicianId)))
        throw new AppError(404, 'Technician not found');
      return leadStatus(app.db, technicianId, now());
    },

    /**
     * The first accept wins; any later or concurrent accept gets 409. A job the technician's
     * plan does not cover (none, or the monthly cap reached) is refused.
     */
    async accept(id: number, user: SessionUser) {
      const { n } = await loadOwned(id, user);
      await app.db
        .transaction(async (tx) => {
          // Every answer to a request serialises on the request's row (then the notification's).
          const request = await q.lockRequest(tx, n.serviceRequestId);
          const current = await q.lockNotification(tx, id);
          if (!request || !current) throw new AppError(404, 'Job notification not found');
          if (request.status === 'canceled') throw new AppError(409, 'This request was canceled');
          if (
            current.status === 'closed' ||
            (request.status !== 'dispatching' && current.status === 'pending')
          ) {
            throw new AppError(409, 'This job has already been accepted by another technician');
          }
          if (current.status !== 'pending')
            throw new AppError(409, `This job notification was already ${current.status}`);
          if (current.expiresAt <= now())
            throw new AppError(409, 'This job notification has expired');
          const t = now();
          await assertRoomForJob(tx, current.technicianId, t);
          // Windows the customer picked: the first this technician is free in is booked now.
          const booked = await bookPickedWindow(tx, request, current.technicianId, t);
          await q.markAccepted(tx, id, t);
          // The job's push on this technician's other devices turns into 'You accepted this job'.
          await withdrawAlerts(app, tx, [current], 'accepted');
          const others = await q.otherPending(tx, request.id, id);
          await closeNotifications(app, tx, others, request.id, 'accepted_by_another');
          const accepted = await recordMove(app, tx, request, {
            move: 'accept',
            to: booked ? 'scheduled' : 'accepted',
            actor: 'technician',
            actorUserId: user.id,
            technicianId: current.technicianId,
            details: booked
              ? {
                  round: current.round,
                  windowStart: booked.start.toISOString(),
                  windowEnd: booked.end.toISOString(),
                }
              : { round: current.round },
            patch: {
              assignedTechnicianId: current.technicianId,
              assignedAt: t,
              windowStart: booked?.start ?? null,
              windowEnd: booked?.end ?? null,
              windowConfirmedAt: booked ? t : null,
              windowBooked: !!booked,
            },
          });
          const tech = await q.technicianContact(tx, current.technicianId);
          if (accepted.contactEmail && tech)
            await app.outbox.enqueue(tx, {
              ...jobAcceptedMail(app, accepted.contactEmail, accepted, tech),
              key: `job_accepted:${id}`,
            });
        })
        .catch(refuseDoubleBooking);
      return this.get(id);
    },

    async decline(id: number, user: SessionUser, reason: string) {
      const { n } = await loadOwned(id, user);
      const snapshot = await listedTechnicians();
      const notes = noDispatchNotes();
      await app.db.transaction(async (tx) => {
        const request = await q.lockRequest(tx, n.serviceRequestId);
        const current = await q.lockNotification(tx, id);
        if (!current) throw new AppError(404, 'Job notification not found');
        if (current.status !== 'pending') {
          throw new AppError(
            409,
            current.status === 'closed'
              ? 'This job has already been accepted by another technician'
              : `This job notification was already ${current.status}`,
          );
        }
        if (current.expiresAt <= now())
          throw new AppError(409, 'This job notification has expired');
        await q.markDeclined(tx, id, now(), reason);
        await withdrawAlerts(app, tx, [current], 'declined');
        const notified = await advance(app, tx, n.serviceRequestId, snapshot, notes);
        // Still waiting on others this round: the customer's count of notified drops.
        if (notified === 0 && request && (await q.hasPending(tx, request.id)))
          await announce(app, tx, request, request, 'declined');
      });
      record(notes);
      return this.get(id);
    },

    async get(id: number) {
      const row = await q.notificationById(app.db, id);
      if (!row) throw new AppError(404, 'Job notification not found');
      return toJobNotification(row, now());
    },

    /** Expires overdue notifications and starts the next round where one is over. */
    async sweep() {
      const t = now();
      const finished = await q.requestsWithFinishedRound(app.db, t);
      const overdue = await q.expiredPending(app.db, t);
      const ids = new Set([
        ...finished.map((f) => f.id),
        ...overdue.map((o) => o.serviceRequestId),
      ]);
      for (const requestId of ids) {
        const snapshot = await listedTechnicians();
        const notes = noDispatchNotes();
        await app.db.transaction((tx) => advance(app, tx, requestId, snapshot, notes));
        record(notes);
      }
      await pruneRealtimeEvents(app.db, t);
      await pruneLiveStreams(app.db, t);
      return ids.size;
    },
  };
}

export type DispatchService = ReturnType<typeof createDispatchService>;
