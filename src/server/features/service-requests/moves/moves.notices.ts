import type { FastifyInstance } from 'fastify';
import { formatReference } from '@shared/service-request-rules';
import { myJobPath } from '@shared/paths';
import type { ServiceRequestMoveBody } from '@shared/schemas/service-request-views';
import type { DbOrTx } from '../../../db/client';
import type { ServiceRequestRow } from '../../../domain/request-access';
import { tellTechnician } from '../../../domain/technician-alerts';
import type { OutboxInput } from '../../../infra/outbox';
import { moveText, windowText } from './moves.mail';
import * as q from './moves.queries';

/**
 * What a move sends besides its e-mail, in the move's transaction: the customer's text (when
 * they opted in), and the technician's notice of an answer to their window, which reaches them
 * with the job's page closed. Returns the messages to enqueue; the notice is queued here.
 */
export async function moveNotices(
  app: FastifyInstance,
  tx: DbOrTx,
  body: ServiceRequestMoveBody,
  request: ServiceRequestRow,
  after: ServiceRequestRow,
  techName: string | null,
): Promise<OutboxInput[]> {
  const out: OutboxInput[] = [];
  // The app keeps no live location of technicians: the ETA is from their base.
  const text = moveText(
    app,
    body.move,
    after,
    techName,
    body.move === 'start_route' && request.assignedTechnicianId
      ? ((await q.technicianBase(tx, request.assignedTechnicianId)) ?? null)
      : null,
  );
  if (text) out.push(text);
  if (
    (body.move === 'confirm_window' || body.move === 'decline_window') &&
    request.assignedTechnicianId &&
    request.windowStart &&
    request.windowEnd
  ) {
    const confirmed = body.move === 'confirm_window';
    const window = windowText(request.windowStart, request.windowEnd);
    await tellTechnician(app, tx, request.assignedTechnicianId, {
      template: confirmed ? 'window_confirmed_technician' : 'window_declined_technician',
      key: `${body.move}:${request.id}:${request.windowStart.getTime()}-${request.windowEnd.getTime()}`,
      title: `${formatReference(request.id)}: window ${confirmed ? 'confirmed' : 'declined'}`,
      body: confirmed
        ? `The customer confirmed ${window} for the ${request.serviceType} job in ${request.location}.`
        : `The customer declined ${window} for the ${request.serviceType} job in ${request.location}${body.reason ? `: ${body.reason}` : ''}. Propose another window.`,
      path: myJobPath(formatReference(request.id)),
    });
  }
  if (body.move === 'request_new_time' && request.assignedTechnicianId && after.newWindowStart) {
    const asked = windowText(after.newWindowStart, after.newWindowEnd!);
    await tellTechnician(app, tx, request.assignedTechnicianId, {
      template: 'new_time_requested_technician',
      key: `request_new_time:${request.id}:${after.newWindowStart.getTime()}-${after.newWindowEnd!.getTime()}`,
      title: `${formatReference(request.id)}: new time asked for`,
      body: `The customer asks to move the ${request.serviceType} job in ${request.location} to ${asked}${body.reason ? `: ${body.reason}` : ''}. Accept it or keep the current time.`,
      path: myJobPath(formatReference(request.id)),
    });
  }
  return out;
}
