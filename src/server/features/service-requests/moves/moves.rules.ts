import {
  SERVICE_REQUEST_MOVE_LABELS,
  SERVICE_REQUEST_RULES,
  nextStatus,
  refusedMoveMessage,
  type ServiceRequestActor,
} from '@shared/service-request-rules';
import type { ServiceRequestStatus } from '@shared/constants/domain';
import type { ServiceRequestMoveBody } from '@shared/schemas/service-request-views';
import { AppError } from '../../../infra/app-error';
import type { ServiceRequestRow } from '../../../domain/request-access';

/** How far ahead and how long an arrival window may be. */
const WINDOW_MAX_DAYS_AHEAD = 60;
const WINDOW_MAX_HOURS = 12;
const WINDOW_MIN_MINUTES = 15;

/**
 * Checks a person's move against the table (src/shared/service-request-rules.ts) and the move's own rules:
 * 403 when this identity may not make it, 409 when the request's state does not allow it,
 * 400 for a move's bad details. Returns the state the move leads to.
 */
export function checkMove(
  request: ServiceRequestRow,
  actor: ServiceRequestActor,
  body: ServiceRequestMoveBody,
  now: Date,
): ServiceRequestStatus {
  assertActorMayMake(actor, body);
  const to = nextStatus(request.status, body.move, actor);
  if (!to) throw new AppError(409, refusedMoveMessage(request.status, body.move));
  if (body.move === 'confirm_window' || body.move === 'decline_window')
    assertWindowToAnswer(request, body.move, now);
  if (body.move === 'cancel' && actor !== 'customer' && !body.reason)
    throw new AppError(400, 'Please give a reason for canceling');
  if (body.move === 'propose_window' || body.move === 'request_new_time')
    assertWindowFits(new Date(body.windowStart!), new Date(body.windowEnd!), now);
  if (body.move === 'accept_new_time' || body.move === 'decline_new_time')
    assertNewTimeToAnswer(request, body.move, now);
  return to;
}

/** 403 for a move this identity never makes, naming who does. */
function assertActorMayMake(actor: ServiceRequestActor, body: ServiceRequestMoveBody) {
  if (SERVICE_REQUEST_RULES[body.move][actor]) return;
  const who = Object.keys(SERVICE_REQUEST_RULES[body.move]).join(' or ');
  throw new AppError(
    403,
    `Only the ${who.replace('technician', 'assigned technician')} can ${SERVICE_REQUEST_MOVE_LABELS[body.move].toLowerCase()}`,
  );
}

/** A window is answered once proposed, and confirmed only while it is still ahead. */
function assertWindowToAnswer(
  request: ServiceRequestRow,
  move: 'confirm_window' | 'decline_window',
  now: Date,
) {
  if (!request.windowStart) throw new AppError(409, 'No arrival window has been proposed yet');
  if (move === 'confirm_window' && request.windowEnd! <= now)
    throw new AppError(409, 'This arrival window has passed; please ask for a new one');
}

export const NO_NEW_TIME = 'The customer has not asked for a new time';

/** A new time is answered once asked for, and accepted only while it is still ahead. */
function assertNewTimeToAnswer(
  request: ServiceRequestRow,
  move: 'accept_new_time' | 'decline_new_time',
  now: Date,
) {
  if (!request.newWindowStart) throw new AppError(409, NO_NEW_TIME);
  if (move === 'accept_new_time' && request.newWindowStart <= now)
    throw new AppError(409, 'This new time has passed; the customer can ask for another');
}

/** A proposed window starts in the future, within 60 days, and lasts 15 minutes to 12 hours. */
function assertWindowFits(start: Date, end: Date, now: Date) {
  const t = now.getTime();
  if (start.getTime() <= t) throw new AppError(400, 'The arrival window must be in the future');
  if (start.getTime() > t + WINDOW_MAX_DAYS_AHEAD * 86_400_000)
    throw new AppError(400, `The arrival window must start within ${WINDOW_MAX_DAYS_AHEAD} days`);
  const minutes = (end.getTime() - start.getTime()) / 60_000;
  if (minutes < WINDOW_MIN_MINUTES || minutes > WINDOW_MAX_HOURS * 60)
    throw new AppError(
      400,
      `The arrival window must last between ${WINDOW_MIN_MINUTES} minutes and ${WINDOW_MAX_HOURS} hours`,
    );
}
