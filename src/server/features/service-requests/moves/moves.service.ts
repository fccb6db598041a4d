import type { FastifyInstance } from 'fastify';
import type { ServiceRequestStatus } from '@shared/constants/domain';
import { formatReference } from '@shared/service-request-rules';
import type { ServiceRequestMoveBody } from '@shared/schemas/service-request-views';
import type { DbOrTx } from '../../../db/client';
import { audit } from '../../../domain/audit';
import {
  requestByReference,
  resolveRequestViewer,
  type RequestViewer,
  type ServiceRequestRow,
} from '../../../domain/request-access';
import { fullName } from '../../../domain/names';
import type { SessionUser } from '../../../infra/session';
import { serviceRequestDetail } from '../service-requests.detail';
import { technicianCard } from '../service-requests.queries';
import { moveMail } from './moves.mail';
import { moveNotices } from './moves.notices';
import { checkMove } from './moves.rules';
import { applyMove, type Move, type MoveOutcome } from './moves.steps';

/** The moves of a request's life (ADR 010), whoever makes them. */
export function createMovesService(app: FastifyInstance) {
  return {
    /**
     * A person's move: checked against the table, applied, recorded and told in one
     * transaction; what it leaves to do (refunds, dispatch) follows the commit.
     */
    async move(
      reference: string,
      user: SessionUser | null,
      token: string | undefined,
      body: ServiceRequestMoveBody,
      ip?: string,
    ) {
      const { viewer, outcome } = await app.db.transaction(async (tx) => {
        const { request, viewer } = await resolveRequestViewer(
          app,
          reference,
          user,
          token,
          tx,
          true,
        );
        const to = checkMove(request, viewer.role, body, app.clock());
        const move = await startMove(app, tx, request, viewer, body, to);
        const outcome = await applyMove(move);
        await auditAdminMove(move, outcome.after, ip);
        await tellOfMove(move, outcome);
        return { viewer, outcome };
      });
      await followUp(app, outcome);
      // As the mover saw it, even a technician who just gave the job back.
      return serviceRequestDetail(app, await requestByReference(app.db, reference), viewer);
    },
  };
}

/** The move as each step sees it: who makes it, when, and what the timeline records. */
async function startMove(
  app: FastifyInstance,
  tx: DbOrTx,
  request: ServiceRequestRow,
  viewer: RequestViewer,
  body: ServiceRequestMoveBody,
  to: ServiceRequestStatus,
): Promise<Move> {
  const technicianId = request.assignedTechnicianId;
  return {
    app,
    tx,
    request,
    viewer,
    body,
    at: app.clock(),
    technician: technicianId ? await technicianCard(tx, technicianId) : undefined,
    recorded: {
      move: body.move,
      to,
      actor: viewer.role,
      actorUserId: viewer.user?.id ?? null,
      technicianId,
      note: body.reason || null,
    },
  };
}

/** An admin's move is audited, from the status it found to the one it left. */
async function auditAdminMove(m: Move, after: ServiceRequestRow, ip: string | undefined) {
  if (m.viewer.role !== 'admin') return;
  await audit(m.tx, m.viewer.user, {
    action: `service_request.${m.body.move}`,
    entityType: 'service_request',
    entityId: formatReference(m.request.id),
    details: { from: m.request.status, to: after.status, reason: m.body.reason ?? null },
    ip,
  });
}

/** The move's e-mails, the customer's e-mail and text, the technician's notice: queued with it. */
async function tellOfMove(m: Move, outcome: MoveOutcome) {
  const techName = m.technician ? fullName(m.technician) : null;
  const mail = moveMail(m.app, m.body.move, m.viewer.role, outcome.after, techName);
  const notices = await moveNotices(m.app, m.tx, m.body, m.request, outcome.after, techName);
  await m.app.outbox.enqueue(m.tx, [...outcome.mails, ...(mail ? [mail] : []), ...notices]);
}

/** After the commit: deposits go back and dispatch starts again; the move stands if either fails. */
async function followUp(app: FastifyInstance, { after, refunds, redispatch }: MoveOutcome) {
  if (refunds.length > 0)
    await app.requestDocuments
      .runRefunds(refunds)
      .catch((err: unknown) => app.log.error({ err }, 'deposit refunds failed'));
  // If dispatching fails now, the dispatch sweep starts it shortly.
  if (redispatch)
    await app.dispatcher
      .dispatch(after.id)
      .catch((err: unknown) => app.log.error({ err }, 'dispatch after a move failed'));
}
