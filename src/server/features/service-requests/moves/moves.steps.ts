import { cancelsFree } from '@shared/cancellation';
import type { FastifyInstance } from 'fastify';
import { formatReference } from '@shared/service-request-rules';
import type { ServiceRequestMoveBody } from '@shared/schemas/service-request-views';
import type { DbOrTx } from '../../../db/client';
import type { RequestViewer, ServiceRequestRow } from '../../../domain/request-access';
import {
  closeNotifications,
  recordMove,
  type RecordedMove,
} from '../../../domain/request-timeline';
import { firstBookable, isDoubleBooking, WINDOW_TAKEN } from '../../../domain/technician-calendar';
import { AppError } from '../../../infra/app-error';
import { composeMail, type MailMessage } from '../../../infra/mailer';
import type { technicianCard } from '../service-requests.queries';
import * as q from './moves.queries';

/** A move being made: on which request, by whom, when, and what the timeline records of it. */
export type Move = {
  app: FastifyInstance;
  tx: DbOrTx;
  request: ServiceRequestRow;
  viewer: RequestViewer;
  body: ServiceRequestMoveBody;
  /** When it is made (the app's clock). */
  at: Date;
  /** What the timeline records of any move: the move, where it leads, who made it, why. */
  recorded: RecordedMove;
  /** The technician assigned when it is made, if any. */
  technician: Awaited<ReturnType<typeof technicianCard>> | undefined;
};

/** What a move did: the request after it, and what it leaves to do. */
export type MoveOutcome = {
  after: ServiceRequestRow;
  /** E-mails of this move alone (every move's e-mail and text to the customer come after). */
  mails: MailMessage[];
  /** Deposits to refund once the move committed (ADR 017). */
  refunds: number[];
  /** Whether dispatch starts again once the move committed. */
  redispatch: boolean;
};

type BodyOf<M extends ServiceRequestMoveBody['move']> = Extract<
  ServiceRequestMoveBody,
  { move: M }
>;

/**
 * Records the move, with what it sets on the request (`patch`) and adds to the timeline. A move
 * that ends the way there forgets where the technician was (ADR 045: kept only en route).
 */
async function record(m: Move, extra: Partial<RecordedMove> = {}): Promise<MoveOutcome> {
  const leavesRoute = m.request.status === 'en_route' && m.recorded.to !== 'en_route';
  const forget = leavesRoute
    ? { technicianLatitude: null, technicianLongitude: null, technicianPositionAt: null }
    : {};
  const after = await recordMove(m.app, m.tx, m.request, {
    ...m.recorded,
    ...extra,
    patch: { ...extra.patch, ...forget },
  });
  return { after, mails: [], refunds: [], redispatch: false };
}

/** Dispatch starts over from its first round, now. */
const redispatchFrom = (at: Date) => ({ dispatchRound: 0, dispatchStartedAt: at });

/** The technician proposes an arrival window; it replaces one not confirmed yet. */
function proposeWindow(m: Move, body: BodyOf<'propose_window'>) {
  // The schema refuses a proposal without both times.
  const start = new Date(body.windowStart!);
  const end = new Date(body.windowEnd!);
  return record(m, {
    details: { windowStart: start.toISOString(), windowEnd: end.toISOString() },
    // A window of their own choosing: no longer one the platform booked (ADR 043).
    // A pending ask for a new time is answered by the proposal.
    patch: {
      windowStart: start,
      windowEnd: end,
      windowConfirmedAt: null,
      windowBooked: false,
      newWindowStart: null,
      newWindowEnd: null,
    },
  });
}

/** The customer confirms the proposed window. */
const confirmWindow = (m: Move) => record(m, { patch: { windowConfirmedAt: m.at } });

/** The customer declines it: the technician proposes another. */
const declineWindow = (m: Move) =>
  record(m, {
    patch: { windowStart: null, windowEnd: null, windowConfirmedAt: null, windowBooked: false },
  });

/** The customer asks to move a confirmed visit: the window stands until the technician answers. */
function requestNewTime(m: Move, body: BodyOf<'request_new_time'>) {
  const start = new Date(body.windowStart!);
  const end = new Date(body.windowEnd!);
  return record(m, {
    details: { windowStart: start.toISOString(), windowEnd: end.toISOString() },
    patch: { newWindowStart: start, newWindowEnd: end },
  });
}

/**
 * The technician accepts the new time: it is booked as dispatch books a picked window (their
 * hours, time off, other bookings and day's count checked under their row's lock; the
 * exclusion constraint refuses an overlap that slips past), and replaces the old window.
 */
async function acceptNewTime(m: Move): Promise<MoveOutcome> {
  const technicianId = m.request.assignedTechnicianId!;
  const window = { start: m.request.newWindowStart!, end: m.request.newWindowEnd! };
  await q.lockTechnician(m.tx, technicianId);
  const { reason } = await firstBookable(m.tx, technicianId, [window], m.at, m.request.id);
  if (reason) throw new AppError(409, `You can't accept this time: ${reason}`);
  return record(m, {
    details: { windowStart: window.start.toISOString(), windowEnd: window.end.toISOString() },
    patch: {
      windowStart: window.start,
      windowEnd: window.end,
      windowConfirmedAt: m.at,
      windowBooked: true,
      newWindowStart: null,
      newWindowEnd: null,
    },
  }).catch((err: unknown) => {
    if (isDoubleBooking(err))
      throw new AppError(409, `You can't accept this time: ${WINDOW_TAKEN}`);
    throw err;
  });
}

/** The technician cannot make the new time: the confirmed window stands. */
const declineNewTime = (m: Move) =>
  record(m, {
    details: {
      windowStart: m.request.newWindowStart!.toISOString(),
      windowEnd: m.request.newWindowEnd!.toISOString(),
    },
    patch: { newWindowStart: null, newWindowEnd: null },
  });

/** The technician completes the job, which counts toward their completed jobs. */
async function complete(m: Move) {
  const done = await record(m, { patch: { completedAt: m.at } });
  await q.countCompletedJob(m.tx, m.request.assignedTechnicianId!);
  return done;
}

/**
 * The technician gives the job back: their acceptance is withdrawn, the deposits they took on
 * it go back to the customer (ADR 017), and the request goes back to dispatch without them.
 */
async function giveBack(m: Move, reason: string): Promise<MoveOutcome> {
  const technicianId = m.request.assignedTechnicianId!;
  await withdrawAcceptance(m, technicianId, reason);
  const refunds = await m.app.requestDocuments.claimDepositRefunds(
    m.tx,
    m.request.id,
    technicianId,
    'job_given_back',
  );
  const { after } = await record(m, {
    patch: {
      assignedTechnicianId: null,
      assignedAt: null,
      windowStart: null,
      windowEnd: null,
      windowConfirmedAt: null,
      windowBooked: false,
      newWindowStart: null,
      newWindowEnd: null,
      ...redispatchFrom(m.at),
    },
  });
  return { after, mails: [], refunds, redispatch: true };
}

/** The technician's acceptance, withdrawn: dispatch never offers them the request again. */
async function withdrawAcceptance(m: Move, technicianId: number, reason: string) {
  const accepted = await q.acceptedNotification(m.tx, m.request.id, technicianId);
  if (accepted) return q.withdrawNotification(m.tx, accepted.id, reason, m.at);
  // Assigned without a notification (older data): a withdrawal is recorded all the same.
  return q.insertWithdrawn(m.tx, {
    serviceRequestId: m.request.id,
    technicianId,
    round: Math.max(1, m.request.dispatchRound),
    reason,
    at: m.at,
  });
}

/**
 * The customer or an admin cancels: open offers close, and the technician who held it hears. A
 * customer canceling in time (src/shared/cancellation.ts) gets the deposits back; later, or by
 * an admin, they stay for the technician to refund or keep (ADR 017).
 */
async function cancel(m: Move, reason: string | undefined): Promise<MoveOutcome> {
  const closed = await q.closePending(m.tx, m.request.id);
  await closeNotifications(m.app, m.tx, closed, m.request.id, 'canceled');
  const { request } = m;
  const refunds =
    m.viewer.role === 'customer' &&
    request.assignedTechnicianId &&
    cancelsFree(request.windowStart, request.windowConfirmedAt !== null, m.at)
      ? await m.app.requestDocuments.claimDepositRefunds(
          m.tx,
          request.id,
          request.assignedTechnicianId,
          'customer_canceled',
        )
      : [];
  const outcome = await record(m, { patch: { canceledAt: m.at, cancelReason: reason || null } });
  const told = canceledTechnicianMail(m, reason);
  return { ...outcome, mails: told ? [told] : [], refunds };
}

/** The e-mail to the technician a canceled job was assigned to (none while dispatching). */
function canceledTechnicianMail(m: Move, reason: string | undefined): MailMessage | null {
  const { request, technician: tech } = m;
  if (!tech || request.status === 'dispatching') return null;
  const reference = formatReference(request.id);
  const by = m.viewer.role === 'admin' ? 'our team' : 'the customer';
  return {
    to: tech.email,
    template: 'job_canceled_technician',
    subject: `Job ${reference} was canceled`,
    ...composeMail([
      `Hi ${tech.firstName},`,
      `The ${request.serviceType} job in ${request.location} (${reference}) was canceled by ${by}${reason ? `: ${reason}` : '.'}`,
    ]),
  };
}

/** The customer or an admin sends an unmatched request to dispatch again, farther if asked. */
async function retryDispatch(m: Move, body: BodyOf<'retry_dispatch'>): Promise<MoveOutcome> {
  const miles = body.maxDistanceMiles;
  const { after } = await record(m, {
    technicianId: null,
    details: miles ? { maxDistanceMiles: miles } : null,
    patch: { ...redispatchFrom(m.at), maxDistanceMiles: miles ?? m.request.maxDistanceMiles },
  });
  return { after, mails: [], refunds: [], redispatch: true };
}

/** What each kind of move does to the request, in the move's transaction. */
export function applyMove(m: Move): Promise<MoveOutcome> {
  const { body } = m;
  switch (body.move) {
    case 'propose_window':
      return proposeWindow(m, body);
    case 'confirm_window':
      return confirmWindow(m);
    case 'decline_window':
      return declineWindow(m);
    case 'request_new_time':
      return requestNewTime(m, body);
    case 'accept_new_time':
      return acceptNewTime(m);
    case 'decline_new_time':
      return declineNewTime(m);
    case 'complete':
      return complete(m);
    case 'cancel':
      // checkMove requires a technician's reason.
      return m.viewer.role === 'technician' ? giveBack(m, body.reason!) : cancel(m, body.reason);
    case 'retry_dispatch':
      return retryDispatch(m, body);
    case 'start_route':
    case 'start_work':
      return record(m);
  }
}
