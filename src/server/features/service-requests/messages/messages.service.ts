import { CUSTOMER_TEXT_QUIET, quietUntil } from '@shared/quiet-hours';
import { SERVICE_TIME_ZONE } from '@shared/service-time';
import { customerText } from '../../../domain/customer-texts';
import type { FastifyInstance } from 'fastify';
import {
  ACTIVE_JOB_STATUSES,
  formatReference,
  SERVICE_REQUEST_STATUS_LABELS,
} from '@shared/service-request-rules';
import { myJobPath } from '@shared/paths';
import {
  MESSAGE_BURST_MINUTES,
  MESSAGES_PER_HOUR,
  ONLY_OTHER_SIDE,
  ONLY_PARTICIPANTS,
  THREAD_NOT_OPEN,
  THREAD_OPEN_DAYS,
  threadClosed,
  type MessageAuthor,
  type RequestMessage,
  type RequestThread,
} from '@shared/schemas/request-messages';
import { AppError } from '../../../infra/app-error';
import { tooManyAttempts } from '../../../infra/rate-limiter';
import type { DbOrTx } from '../../../db/client';
import type { SessionUser } from '../../../infra/session';
import { resolveRequestViewer, type ServiceRequestRow } from '../../../domain/request-access';
import { customerMail } from '../../../domain/request-mail';
import { announce } from '../../../domain/request-timeline';
import { audit } from '../../../domain/audit';
import { fullName } from '../../../domain/names';
import { tellTechnician } from '../../../domain/technician-alerts';
import { technicianCard } from '../service-requests.queries';
import * as q from './messages.queries';

const DAY_MS = 86_400_000;

/**
 * Whether the thread takes messages now: from acceptance while the job is on, and until
 * THREAD_OPEN_DAYS after its completion. Null when it does; else why not.
 */
function closedReason(request: ServiceRequestRow, now: Date): string | null {
  if (request.assignedTechnicianId) {
    if ((ACTIVE_JOB_STATUSES as readonly string[]).includes(request.status)) return null;
    if (request.status === 'completed') {
      const closes = closesAt(request);
      return closes && closes > now ? null : threadClosed(THREAD_OPEN_DAYS);
    }
  } else if (request.status !== 'canceled') return THREAD_NOT_OPEN;
  return `This job is ${SERVICE_REQUEST_STATUS_LABELS[request.status].toLowerCase()}`;
}

const closesAt = (request: ServiceRequestRow) =>
  request.status === 'completed' && request.completedAt
    ? new Date(request.completedAt.getTime() + THREAD_OPEN_DAYS * DAY_MS)
    : null;

/** The customer's first name as the technician sees it ('Jordan'), or 'The customer'. */
const customerName = (request: ServiceRequestRow) =>
  request.contactName?.trim().split(/\s+/)[0] || 'The customer';

/** Messages on a service request between its customer and the technician holding it. */
export function createMessagesService(app: FastifyInstance) {
  const limiter = app.rateLimits.limiter('request-messages', MESSAGES_PER_HOUR, 3600_000);

  /**
   * The request and which side the viewer is on; admins and everyone else are refused. With
   * `tx`, the request's row is locked: a move (a technician giving the job back) waits.
   */
  async function participant(
    reference: string,
    user: SessionUser | null,
    token?: string,
    tx?: DbOrTx,
  ) {
    const { request, viewer } = await resolveRequestViewer(app, reference, user, token, tx, !!tx);
    if (viewer.role !== 'customer' && viewer.role !== 'technician')
      throw new AppError(403, ONLY_PARTICIPANTS);
    return { request, side: viewer.role satisfies MessageAuthor };
  }

  async function names(request: ServiceRequestRow) {
    const tech = request.assignedTechnicianId
      ? await technicianCard(app.db, request.assignedTechnicianId)
      : undefined;
    return {
      customer: customerName(request),
      technician: tech ? fullName(tech) : 'Your technician',
    };
  }

  const out = (
    row: q.RequestMessageRow,
    authorNames: { customer: string; technician: string },
  ): RequestMessage => ({
    id: row.id,
    from: row.author,
    authorName: authorNames[row.author],
    body: row.body,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  });

  /** Tells the other side, unless an earlier message of this burst already did. */
  async function notify(
    tx: Parameters<typeof q.insertMessage>[0],
    request: ServiceRequestRow,
    sent: q.RequestMessageRow,
    previous: q.RequestMessageRow | undefined,
    authorNames: { customer: string; technician: string },
  ) {
    const sameBurst =
      previous &&
      previous.author === sent.author &&
      previous.readAt === null &&
      sent.createdAt.getTime() - previous.createdAt.getTime() < MESSAGE_BURST_MINUTES * 60_000;
    if (sameBurst) return;
    const reference = formatReference(request.id);
    if (sent.author === 'technician') {
      const mail = customerMail(
        app,
        request,
        'job_message',
        `Message from ${authorNames.technician}`,
        [`${authorNames.technician} wrote about your ${request.serviceType} request:`, sent.body],
        'Read and reply on your request page',
        null,
        'messages',
      );
      // A text too when they asked for texts on the request, held until morning at night.
      const text = customerText(
        app,
        request,
        'job_message',
        `message:${sent.id}`,
        `${authorNames.technician} wrote about ${reference}: ${sent.body.length > 100 ? `${sent.body.slice(0, 97)}...` : sent.body} Reply:`,
      );
      const notBefore =
        quietUntil({ ...CUSTOMER_TEXT_QUIET, timeZone: SERVICE_TIME_ZONE }, app.clock()) ??
        undefined;
      await app.outbox.enqueue(tx, [
        ...(mail ? [mail] : []),
        ...(text ? [{ ...text, notBefore }] : []),
      ]);
      return;
    }
    await tellTechnician(app, tx, request.assignedTechnicianId!, {
      template: 'job_message_technician',
      key: `message:${sent.id}`,
      title: `${reference}: message from ${authorNames.customer}`,
      body: sent.body.length > 180 ? `${sent.body.slice(0, 177)}...` : sent.body,
      path: `${myJobPath(reference)}#messages`,
    });
  }

  return {
    async thread(reference: string, user: SessionUser | null, token?: string) {
      const { request, side } = await participant(reference, user, token);
      const rows = request.assignedTechnicianId
        ? await q.threadMessages(app.db, request.id, request.assignedTechnicianId)
        : [];
      const authorNames = await names(request);
      const reason = closedReason(request, app.clock());
      return {
        messages: rows.map((r) => out(r, authorNames)),
        you: side,
        canWrite: reason === null,
        closedReason: reason,
        closesAt: closesAt(request)?.toISOString() ?? null,
        unread: rows.filter((r) => r.author !== side && r.readAt === null).length,
      } satisfies RequestThread;
    },

    async send(
      reference: string,
      user: SessionUser | null,
      token: string | undefined,
      body: string,
    ) {
      const open = (request: ServiceRequestRow) => {
        const reason = closedReason(request, app.clock());
        if (reason) throw new AppError(409, reason);
      };
      const first = await participant(reference, user, token);
      open(first.request);
      const wait = await limiter.consume(`${first.request.id}:${first.side}`);
      if (wait > 0)
        throw tooManyAttempts('Too many messages; please wait before sending more', wait);
      const authorNames = await names(first.request);
      // Checked again on the locked row: a job given back (or canceled) meanwhile takes no
      // message into a thread its sender has lost.
      const sent = await app.db.transaction(async (tx) => {
        const { request, side } = await participant(reference, user, token, tx);
        open(request);
        const technicianId = request.assignedTechnicianId!;
        const previous = await q.lastMessage(tx, request.id, technicianId);
        const row = await q.insertMessage(tx, {
          serviceRequestId: request.id,
          technicianId,
          author: side,
          body,
        });
        await notify(tx, request, row, previous, authorNames);
        await announce(app, tx, request, request, 'message');
        return row;
      });
      return { message: 'Message sent' as const, sent: out(sent, authorNames) };
    },

    /**
     * A participant reports one of the other side's messages (ADR 042): the thread then shows
     * to admins (and only reported threads do); the report is in the audit log.
     */
    async report(
      reference: string,
      user: SessionUser | null,
      token: string | undefined,
      id: number,
      reason: string,
    ) {
      const { request, side } = await participant(reference, user, token);
      const message = request.assignedTechnicianId
        ? await q.messageInThread(app.db, id, request.id, request.assignedTechnicianId)
        : undefined;
      if (!message) throw new AppError(404, 'Message not found');
      if (message.author === side) throw new AppError(400, ONLY_OTHER_SIDE);
      await app.db.transaction(async (tx) => {
        await q.markReported(tx, id, side, reason, app.clock());
        await audit(tx, user, {
          action: 'message.report',
          entityType: 'request_message',
          entityId: id,
          details: { reference: formatReference(request.id), by: side, reason },
        });
      });
      return { message: 'Message reported' as const };
    },

    async read(reference: string, user: SessionUser | null, token?: string) {
      const { request, side } = await participant(reference, user, token);
      if (request.assignedTechnicianId)
        await app.db.transaction(async (tx) => {
          const n = await q.markRead(
            tx,
            request.id,
            request.assignedTechnicianId!,
            side,
            app.clock(),
          );
          if (n > 0) await announce(app, tx, request, request, 'messages_read');
        });
      return { unread: 0 as const };
    },
  };
}
