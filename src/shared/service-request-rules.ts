import type { ServiceRequestStatus } from './constants/domain';

/**
 * A job's life (ADR 010). One table says which identity may make which move from which state
 * and where it leads; the server's moves (src/server/features/service-requests/moves) check it
 * before domain/request-timeline's recordMove changes a request's status, and the client shows
 * exactly the moves it allows.
 */
export type ServiceRequestActor = 'customer' | 'technician' | 'admin';

/** Moves people make through POST /api/service-requests/:reference/moves. */
export const SERVICE_REQUEST_MOVES = [
  'propose_window',
  'confirm_window',
  'decline_window',
  'request_new_time',
  'accept_new_time',
  'decline_new_time',
  'start_route',
  'start_work',
  'complete',
  'cancel',
  'retry_dispatch',
] as const;
export type ServiceRequestMove = (typeof SERVICE_REQUEST_MOVES)[number];

/** Moves the platform makes itself; they appear on the timeline too. */
export type SystemMove = 'submit' | 'dispatch_round' | 'accept' | 'unmatched' | 'redispatch';

type Rule = { from: readonly ServiceRequestStatus[]; to: ServiceRequestStatus };

const BEFORE_WORK = ['requested', 'dispatching', 'accepted', 'scheduled', 'en_route'] as const;

export const SERVICE_REQUEST_RULES: Record<
  ServiceRequestMove,
  Partial<Record<ServiceRequestActor, Rule>>
> = {
  propose_window: { technician: { from: ['accepted', 'scheduled'], to: 'accepted' } },
  confirm_window: { customer: { from: ['accepted'], to: 'scheduled' } },
  decline_window: { customer: { from: ['accepted'], to: 'accepted' } },
  // The customer asks to move a confirmed visit; it stands until the technician answers.
  request_new_time: { customer: { from: ['scheduled'], to: 'scheduled' } },
  accept_new_time: { technician: { from: ['scheduled'], to: 'scheduled' } },
  decline_new_time: { technician: { from: ['scheduled'], to: 'scheduled' } },
  start_route: { technician: { from: ['scheduled'], to: 'en_route' } },
  start_work: { technician: { from: ['en_route'], to: 'in_progress' } },
  complete: { technician: { from: ['in_progress'], to: 'completed' } },
  cancel: {
    customer: { from: [...BEFORE_WORK, 'unmatched'], to: 'canceled' },
    // The technician gives the job back before leaving: it goes back to dispatch without them.
    technician: { from: ['accepted', 'scheduled'], to: 'dispatching' },
    admin: { from: [...BEFORE_WORK, 'in_progress', 'unmatched'], to: 'canceled' },
  },
  retry_dispatch: {
    customer: { from: ['unmatched'], to: 'dispatching' },
    admin: { from: ['unmatched'], to: 'dispatching' },
  },
};

/** Where the move leads, or null when this identity cannot make it from this state. */
export function nextStatus(
  status: ServiceRequestStatus,
  move: ServiceRequestMove,
  actor: ServiceRequestActor,
): ServiceRequestStatus | null {
  const rule = SERVICE_REQUEST_RULES[move][actor];
  return rule && rule.from.includes(status) ? rule.to : null;
}

/**
 * The moves this identity may make now: the confirm/decline pair also needs a window, the
 * technician's answer to a new time needs the customer's ask.
 */
export function allowedMoves(
  status: ServiceRequestStatus,
  actor: ServiceRequestActor,
  opts: { windowProposed: boolean; newTimeAsked?: boolean },
): ServiceRequestMove[] {
  return SERVICE_REQUEST_MOVES.filter((m) => {
    if (nextStatus(status, m, actor) === null) return false;
    if ((m === 'confirm_window' || m === 'decline_window') && !opts.windowProposed) return false;
    if ((m === 'accept_new_time' || m === 'decline_new_time') && !opts.newTimeAsked) return false;
    return true;
  });
}

/** A technician's active jobs; the rest of theirs are past. */
export const ACTIVE_JOB_STATUSES = ['accepted', 'scheduled', 'en_route', 'in_progress'] as const;
export const OPEN_REQUEST_STATUSES = [
  'requested',
  'dispatching',
  ...ACTIVE_JOB_STATUSES,
] as const satisfies readonly ServiceRequestStatus[];
export const FINAL_STATUSES = ['completed', 'canceled'] as const;

export const SERVICE_REQUEST_STATUS_LABELS: Record<ServiceRequestStatus, string> = {
  requested: 'Requested',
  dispatching: 'Finding a technician',
  accepted: 'Accepted',
  scheduled: 'Scheduled',
  en_route: 'En route',
  in_progress: 'In progress',
  completed: 'Completed',
  canceled: 'Canceled',
  unmatched: 'No technician found',
};

export const SERVICE_REQUEST_MOVE_LABELS: Record<ServiceRequestMove, string> = {
  propose_window: 'Propose arrival window',
  confirm_window: 'Confirm window',
  decline_window: 'Decline window',
  request_new_time: 'Ask for a new time',
  accept_new_time: 'Accept new time',
  decline_new_time: 'Keep the current time',
  start_route: 'On my way',
  start_work: 'Start work',
  complete: 'Mark completed',
  cancel: 'Cancel',
  retry_dispatch: 'Try again',
};

/** Each move as the end of "You can't … now". */
const MOVE_PHRASES: Record<ServiceRequestMove, string> = {
  propose_window: 'propose an arrival window',
  confirm_window: 'confirm the arrival window',
  decline_window: 'decline the arrival window',
  request_new_time: 'ask for a new time',
  accept_new_time: 'accept the new time',
  decline_new_time: 'decline the new time',
  start_route: 'say you are on your way',
  start_work: 'start work',
  complete: 'mark the job completed',
  cancel: 'cancel this request',
  retry_dispatch: 'search for a technician again',
};

/** Where a request stands, as the reason a move has to wait or is over. */
const STATUS_REASONS: Record<ServiceRequestStatus, string> = {
  requested: 'it has not been offered to technicians yet',
  dispatching: 'no technician has accepted it yet',
  accepted: 'the customer has not confirmed an arrival window yet',
  scheduled: 'the technician has not set off yet',
  en_route: 'the technician is on the way',
  in_progress: 'the work has started',
  completed: 'the job is already completed',
  canceled: 'the request was canceled',
  unmatched: 'no technician was found for it',
};

/**
 * Why a move is refused, as a sentence a person understands (409): "You can't say you are on
 * your way now: the customer has not confirmed an arrival window yet."
 */
export function refusedMoveMessage(status: ServiceRequestStatus, move: ServiceRequestMove): string {
  return `You can't ${MOVE_PHRASES[move]} now: ${STATUS_REASONS[status]}.`;
}

/** Request references: WR-000123 (the id, at least 6 digits). */
export const formatReference = (id: number) => `WR-${String(id).padStart(6, '0')}`;
export function parseReference(reference: string): number | null {
  const m = /^WR-(\d{6,10})$/i.exec(reference.trim());
  if (!m) return null;
  const id = Number(m[1]);
  return id >= 1 && id <= 2_147_483_647 ? id : null;
}

/** Reviews can be edited for this long after they are written. */
export const REVIEW_EDIT_DAYS = 14;
export const MAX_REVIEW_CHARS = 2000;
/** Widen choices offered after an unmatched dispatch (miles). */
export const WIDEN_DISTANCE_MILES = [25, 50, 100] as const;
/** Home page: 'N+ jobs completed' appears only from this many. */
export const COMPLETED_JOBS_BADGE_MIN = 50;
