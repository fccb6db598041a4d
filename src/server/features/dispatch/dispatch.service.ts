import { and, eq, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { BRAND } from '../../../shared/brand';
import { LIMITS } from '../../../shared/constants/domain';
import type { Point } from '../../../shared/geo';
import { centsToDecimal } from '../../../shared/money';
import type { JobNotification } from '../../../shared/schemas/job-notifications';
import type { DbOrTx } from '../../db/client';
import { jobNotifications, serviceRequests } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Dispatcher } from '../../lib/dispatcher';
import { composeMail, type MailMessage } from '../../lib/mailer';
import { searchSnapshot, type Snapshot } from '../../lib/technician-index';
import type { SessionUser } from '../../plugins/access';
import { pruneRealtimeEvents } from '../../plugins/realtime';
import * as q from './dispatch.queries';

type Row = NonNullable<Awaited<ReturnType<typeof q.notificationById>>>;

export function toJobNotification(row: Row, now: Date): JobNotification {
  const { n, r, c } = row;
  // A pending notification past its expiry reads as expired even before the sweep runs.
  const status = n.status === 'pending' && n.expiresAt <= now ? 'expired' : n.status;
  return {
    id: n.id,
    status,
    expiresAt: n.expiresAt.toISOString(),
    respondedAt: n.respondedAt?.toISOString() ?? null,
    declineReason: n.declineReason,
    distanceMiles: n.distanceMiles === null ? null : Math.round(n.distanceMiles * 10) / 10,
    round: n.round,
    createdAt: n.createdAt.toISOString(),
    serviceRequest: {
      id: r.id,
      serviceType: r.serviceType,
      urgency: r.urgency,
      location: r.location,
      description: r.description,
      preferredDate: r.preferredDate,
      estimatedCost: r.estimatedCostCents === null ? null : centsToDecimal(r.estimatedCostCents),
      status: r.status,
      customer: {
        firstName: c.firstName || r.contactName || 'Customer',
        lastName: c.lastName,
        email: r.contactEmail ?? c.email,
        phone: r.contactPhone ?? c.phone,
      },
    },
  };
}

/**
 * The nearest technicians who can take a request: the index ranks listed, available
 * technicians whose specialty matches and whose service radius reaches the request (nearest,
 * then best rated); the database then drops those without valid credentials or already
 * notified. Fetches a wider ranking when too many drop out.
 */
export async function findCandidates(
  db: DbOrTx,
  snapshot: Snapshot,
  r: { requestId: number; serviceType: string; point: Point; today: string; limit: number },
): Promise<{ technicianId: number; distanceMiles: number }[]> {
  for (let k = r.limit * 4; ; k *= 4) {
    const { hits, total } = searchSnapshot(snapshot, {
      point: r.point,
      serviceType: r.serviceType,
      available: true,
      offset: 0,
      limit: k,
    });
    const eligible = await q.eligibleAmong(db, {
      requestId: r.requestId,
      ids: hits.map((h) => h.id),
      today: r.today,
    });
    const chosen = hits.filter((h) => eligible.has(h.id)).slice(0, r.limit);
    if (chosen.length === r.limit || hits.length >= total)
      return chosen.map((h) => ({ technicianId: h.id, distanceMiles: h.distanceMiles! }));
  }
}

export function createDispatchService(app: FastifyInstance) {
  const now = () => app.clock();
  const today = () => now().toISOString().slice(0, 10);

  /** Closes notifications and tells their technicians' screens to drop them. */
  async function close(
    tx: DbOrTx,
    rows: { id: number; technicianId: number }[],
    serviceRequestId: number,
    reason: string,
  ) {
    for (const r of rows) {
      await app.realtime.publish(tx, {
        technicianId: r.technicianId,
        type: 'notification.closed',
        payload: { notificationId: r.id, serviceRequestId, reason },
      });
    }
  }

  const listedTechnicians = () => app.technicianIndex.current();

  async function notifyRound(
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
      today: today(),
      limit: LIMITS.techniciansPerRound,
    });
    await tx
      .update(serviceRequests)
      .set({ dispatchRound: round })
      .where(eq(serviceRequests.id, request.id));
    if (candidates.length === 0) return 0;
    const createdAt = now();
    const expiresAt = new Date(createdAt.getTime() + LIMITS.notificationWindowMs);
    const created = await tx
      .insert(jobNotifications)
      .values(
        candidates.map((c) => ({
          serviceRequestId: request.id,
          technicianId: c.technicianId,
          round,
          distanceMiles: c.distanceMiles,
          status: 'pending' as const,
          expiresAt,
          createdAt,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: jobNotifications.id, technicianId: jobNotifications.technicianId });
    for (const n of created) {
      await app.realtime.publish(tx, {
        technicianId: n.technicianId,
        type: 'notification.created',
        payload: { notificationId: n.id, serviceRequestId: request.id },
      });
    }
    return created.length;
  }

  function unmatchedMail(request: typeof serviceRequests.$inferSelect): MailMessage | null {
    if (!request.contactEmail) return null;
    return {
      to: request.contactEmail,
      template: 'request_unmatched',
      subject: `We could not find a technician for your ${request.serviceType} request`,
      ...composeMail([
        `Hi ${request.contactName ?? 'there'},`,
        `We contacted the qualified technicians near ${request.location} about your ${request.serviceType} request, but none was able to take it.`,
        `Please submit a new request with a later preferred date, or contact us at ${BRAND.supportEmail} and we will help you find someone.`,
      ]),
    };
  }

  /**
   * Moves a request on: if its round is over (no pending, unexpired notification), notifies the
   * next nearest technicians, up to the last round; then marks it unmatched and tells the
   * customer. Returns how many technicians it notified.
   */
  async function advance(
    tx: DbOrTx,
    requestId: number,
    mails: MailMessage[],
    snapshot: Snapshot,
  ): Promise<number> {
    const request = await q.lockRequest(tx, requestId);
    if (!request || request.status !== 'open') return 0;
    const t = now();
    const expired = await tx
      .update(jobNotifications)
      .set({ status: 'expired' })
      .where(
        and(
          eq(jobNotifications.serviceRequestId, requestId),
          eq(jobNotifications.status, 'pending'),
          lte(jobNotifications.expiresAt, t),
        ),
      )
      .returning({ id: jobNotifications.id, technicianId: jobNotifications.technicianId });
    await close(tx, expired, requestId, 'expired');
    const stillPending = await tx
      .select({ id: jobNotifications.id })
      .from(jobNotifications)
      .where(
        and(
          eq(jobNotifications.serviceRequestId, requestId),
          eq(jobNotifications.status, 'pending'),
        ),
      )
      .limit(1);
    if (stillPending.length > 0) return 0;

    let round = request.dispatchRound;
    while (round < LIMITS.dispatchRounds) {
      round += 1;
      const notified = await notifyRound(tx, request, round, snapshot);
      if (notified > 0) return notified;
    }
    await tx
      .update(serviceRequests)
      .set({ status: 'unmatched', dispatchRound: round })
      .where(eq(serviceRequests.id, requestId));
    const mail = unmatchedMail(request);
    if (mail) mails.push(mail);
    return 0;
  }

  async function sendAll(mails: MailMessage[]) {
    for (const m of mails) {
      await app.mailer.send(m).catch((err) => app.log.error({ err }, 'dispatch mail failed'));
    }
  }

  async function loadOwned(id: number, user: SessionUser) {
    const row = await q.notificationById(app.db, id);
    if (!row) throw new AppError(404, 'Job notification not found');
    if (row.n.technicianId !== user.technicianId) {
      throw new AppError(403, 'Only the notified technician can answer this job notification');
    }
    return row;
  }

  const dispatcher: Dispatcher = {
    async dispatch(serviceRequestId) {
      const mails: MailMessage[] = [];
      // Read before the transaction: on PGlite the one connection is the transaction's.
      const snapshot = await listedTechnicians();
      const notified = await app.db.transaction((tx) =>
        advance(tx, serviceRequestId, mails, snapshot),
      );
      await sendAll(mails);
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

    /** The first accept wins; any later or concurrent accept gets 409. */
    async accept(id: number, user: SessionUser) {
      const { n } = await loadOwned(id, user);
      const result = await app.db.transaction(async (tx) => {
        // Every answer to a request serialises on the request's row (then the notification's).
        const request = await q.lockRequest(tx, n.serviceRequestId);
        const [current] = await tx
          .select()
          .from(jobNotifications)
          .where(eq(jobNotifications.id, id))
          .for('update');
        if (!request || !current) throw new AppError(404, 'Job notification not found');
        if (
          current.status === 'closed' ||
          (request.status !== 'open' && current.status === 'pending')
        ) {
          throw new AppError(409, 'This job has already been accepted by another technician');
        }
        if (current.status !== 'pending')
          throw new AppError(409, `This job notification was already ${current.status}`);
        if (current.expiresAt <= now())
          throw new AppError(409, 'This job notification has expired');
        const t = now();
        await tx
          .update(jobNotifications)
          .set({ status: 'accepted', respondedAt: t })
          .where(eq(jobNotifications.id, id));
        await tx
          .update(serviceRequests)
          .set({ status: 'assigned', assignedTechnicianId: current.technicianId, assignedAt: t })
          .where(eq(serviceRequests.id, request.id));
        const others = await q.otherPending(tx, request.id, id);
        await close(tx, others, request.id, 'accepted_by_another');
        return { request };
      });
      const tech = await q.technicianContact(app.db, n.technicianId);
      const r = result.request;
      if (r.contactEmail && tech) {
        const name = `${tech.firstName} ${tech.lastName}`.trim();
        await app.mailer
          .send({
            to: r.contactEmail,
            template: 'job_accepted',
            subject: `${name} accepted your ${r.serviceType} request`,
            ...composeMail([
              `Hi ${r.contactName ?? 'there'},`,
              `Good news: ${name}, a certified ${BRAND.name} technician, accepted your ${r.serviceType} request in ${r.location}.`,
              `Contact: ${tech.phone ?? 'phone not listed'} · ${tech.email}`,
              'Your technician will get in touch to confirm the details and give you a quote.',
            ]),
          })
          .catch((err) => app.log.error({ err }, 'job accepted mail failed'));
      }
      return this.get(id);
    },

    async decline(id: number, user: SessionUser, reason: string) {
      const { n } = await loadOwned(id, user);
      const mails: MailMessage[] = [];
      const snapshot = await listedTechnicians();
      await app.db.transaction(async (tx) => {
        await q.lockRequest(tx, n.serviceRequestId);
        const [current] = await tx
          .select()
          .from(jobNotifications)
          .where(eq(jobNotifications.id, id))
          .for('update');
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
        await tx
          .update(jobNotifications)
          .set({ status: 'declined', respondedAt: now(), declineReason: reason })
          .where(eq(jobNotifications.id, id));
        await advance(tx, n.serviceRequestId, mails, snapshot);
      });
      await sendAll(mails);
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
      const mails: MailMessage[] = [];
      for (const requestId of ids) {
        const snapshot = await listedTechnicians();
        await app.db.transaction((tx) => advance(tx, requestId, mails, snapshot));
      }
      await sendAll(mails);
      await pruneRealtimeEvents(app.db, t);
      return ids.size;
    },
  };
}

export type DispatchService = ReturnType<typeof createDispatchService>;
