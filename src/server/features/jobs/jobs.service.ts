import type { FastifyInstance } from 'fastify';
import {
  ACTIVE_JOB_STATUSES,
  JOB_STATUS_LABELS,
  formatReference,
  parseReference,
} from '@shared/jobs';
import type { JobMoveBody, TechnicianJobsQuery } from '@shared/schemas/jobs';
import { AppError } from '../../infra/app-error';
import { audit } from '../../domain/audit';
import { type MailMessage, composeMail } from '../../infra/mailer';
import type { OutboxInput } from '../../infra/outbox';
import { fullName } from '../../domain/names';
import { tooManyAttempts } from '../../infra/rate-limiter';
import type { SessionUser } from '../../infra/session';
import type { JobDocuments } from '../../domain/job-documents';
import { closeNotifications, recordMove } from '../../domain/job-timeline';
import {
  requestByReference,
  resolveJobViewer,
  type JobViewer,
  type ServiceRequestRow,
} from '../../domain/job-access';
import { customerMail } from '../../domain/job-mail';
import { jobDetail } from './jobs.detail';
import { approveJobQuote, payJobInvoice } from './jobs.documents';
import { moveMail } from './jobs.mail';
import { moveNotices } from './jobs.move-notices';
import { checkMove } from './jobs.rules';
import { jobSummaryOut } from './jobs.presenters';
import * as q from './jobs.queries';

/** E-mails a technician may send customers through the platform per hour. */
const MESSAGES_PER_HOUR = 20;
const LIST_LIMIT = 200;
/** A technician writes to the customer while the job is on, and after it for follow-ups. */
const MESSAGING_STATUSES = [...ACTIVE_JOB_STATUSES, 'completed'] as const;

export function createJobsService(app: FastifyInstance) {
  const documents = app.jobDocuments;
  const now = () => app.clock();
  const messages = app.rateLimits.limiter('job-messages', MESSAGES_PER_HOUR, 3600_000);

  const detail = (request: ServiceRequestRow, viewer: JobViewer) =>
    jobDetail(app, documents, request, viewer);

  return {
    async get(reference: string, user: SessionUser | null, token: string | undefined) {
      const { request, viewer } = await resolveJobViewer(app, reference, user, token);
      return detail(request, viewer);
    },

    /**
     * Whether whoever opened the request's stream may still see it: their session is still
     * live (not signed out or expired), and the request's current row still lets them in (a
     * technician who gave the job back no longer does). Asked before every event (ADR 027).
     */
    async stillSees(reference: string, user: SessionUser | null, token: string | undefined) {
      if (user && !(await q.sessionIsLive(app.db, user.sessionId, now()))) return false;
      return resolveJobViewer(app, reference, user, token).then(
        () => true,
        () => false,
      );
    },

    async listForCustomer(user: SessionUser) {
      return (await q.requestsOfCustomer(app.db, user.id, LIST_LIMIT)).map(jobSummaryOut);
    },

    /** One page of each list (active, past), searched, with how many match in each. */
    async listForTechnician(user: SessionUser, query: TechnicianJobsQuery) {
      if (user.technicianId == null) throw new AppError(403, 'Only technicians have jobs');
      const tid = user.technicianId;
      const page = {
        limit: query.pageSize,
        offset: (query.page - 1) * query.pageSize,
        search: query.q || undefined,
      };
      const [active, past, activeTotal, pastTotal] = await Promise.all([
        q.jobsOfTechnician(app.db, tid, 'active', page),
        q.jobsOfTechnician(app.db, tid, 'past', page),
        q.countJobsOfTechnician(app.db, tid, 'active', page.search),
        q.countJobsOfTechnician(app.db, tid, 'past', page.search),
      ]);
      return {
        active: active.map(jobSummaryOut),
        past: past.map(jobSummaryOut),
        activeTotal,
        pastTotal,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** A person's move (ADR 010): checked, applied and recorded in one transaction. */
    async move(
      reference: string,
      user: SessionUser | null,
      token: string | undefined,
      body: JobMoveBody,
      ip?: string,
    ) {
      const mails: (MailMessage | OutboxInput)[] = [];
      let redispatch = false;
      let refunds: number[] = [];
      const viewer = await app.db.transaction(async (tx) => {
        const { request, viewer } = await resolveJobViewer(app, reference, user, token, tx, true);
        const to = checkMove(request, viewer.role, body, now());
        const t = now();
        const base = {
          move: body.move,
          to,
          actor: viewer.role,
          actorUserId: user?.id ?? null,
          technicianId: request.assignedTechnicianId,
          note: body.reason || null,
        } as const;
        const tech = request.assignedTechnicianId
          ? await q.technicianCard(tx, request.assignedTechnicianId)
          : undefined;
        const techName = tech ? fullName(tech) : null;
        let after: ServiceRequestRow;

        switch (body.move) {
          case 'propose_window': {
            const start = new Date(body.windowStart!);
            const end = new Date(body.windowEnd!);
            after = await recordMove(app, tx, request, {
              ...base,
              details: { windowStart: start.toISOString(), windowEnd: end.toISOString() },
              patch: { windowStart: start, windowEnd: end, windowConfirmedAt: null },
            });
            break;
          }
          case 'confirm_window':
            after = await recordMove(app, tx, request, {
              ...base,
              patch: { windowConfirmedAt: t },
            });
            break;
          case 'decline_window':
            after = await recordMove(app, tx, request, {
              ...base,
              patch: { windowStart: null, windowEnd: null, windowConfirmedAt: null },
            });
            break;
          case 'complete':
            after = await recordMove(app, tx, request, { ...base, patch: { completedAt: t } });
            await q.countCompletedJob(tx, request.assignedTechnicianId!);
            break;
          case 'cancel':
            if (viewer.role === 'technician') {
              // The technician gives the job back: it goes back to dispatch without them.
              const accepted = await q.acceptedNotification(
                tx,
                request.id,
                request.assignedTechnicianId!,
              );
              if (accepted) await q.withdrawNotification(tx, accepted.id, body.reason!, t);
              // Assigned without a notification (older data): recorded, so dispatch skips them.
              else
                await q.insertWithdrawn(tx, {
                  serviceRequestId: request.id,
                  technicianId: request.assignedTechnicianId!,
                  round: Math.max(1, request.dispatchRound),
                  reason: body.reason!,
                  at: t,
                });
              // The deposits they took on it go back to the customer (ADR 017).
              refunds = await documents.claimDepositRefunds(
                tx,
                request.id,
                request.assignedTechnicianId!,
              );
              after = await recordMove(app, tx, request, {
                ...base,
                patch: {
                  assignedTechnicianId: null,
                  assignedAt: null,
                  windowStart: null,
                  windowEnd: null,
                  windowConfirmedAt: null,
                  dispatchRound: 0,
                  dispatchStartedAt: t,
                },
              });
              redispatch = true;
            } else {
              const closed = await q.closePending(tx, request.id);
              await closeNotifications(app, tx, closed, request.id, 'canceled');
              after = await recordMove(app, tx, request, {
                ...base,
                patch: { canceledAt: t, cancelReason: body.reason || null },
              });
              if (tech && request.status !== 'dispatching') {
                mails.push({
                  to: tech.email,
                  template: 'job_canceled_technician',
                  subject: `Job ${formatReference(request.id)} was canceled`,
                  ...composeMail([
                    `Hi ${tech.firstName},`,
                    `The ${request.serviceType} job in ${request.location} (${formatReference(request.id)}) was canceled by ${viewer.role === 'admin' ? 'our team' : 'the customer'}${body.reason ? `: ${body.reason}` : '.'}`,
                  ]),
                });
              }
            }
            break;
          case 'retry_dispatch':
            after = await recordMove(app, tx, request, {
              ...base,
              technicianId: null,
              details: body.maxDistanceMiles ? { maxDistanceMiles: body.maxDistanceMiles } : null,
              patch: {
                dispatchRound: 0,
                dispatchStartedAt: t,
                maxDistanceMiles: body.maxDistanceMiles ?? request.maxDistanceMiles,
              },
            });
            redispatch = true;
            break;
          default:
            after = await recordMove(app, tx, request, base);
        }
        const mail = moveMail(app, body.move, viewer.role, after, techName);
        if (mail) mails.push(mail);
        mails.push(...(await moveNotices(app, tx, body, request, after, techName)));
        if (viewer.role === 'admin') {
          await audit(tx, user, {
            action: `service_request.${body.move}`,
            entityType: 'service_request',
            entityId: formatReference(request.id),
            details: { from: request.status, to: after.status, reason: body.reason ?? null },
            ip,
          });
        }
        await app.outbox.enqueue(tx, mails);
        return viewer;
      });
      if (refunds.length > 0)
        await documents
          .runRefunds(refunds)
          .catch((err: unknown) => app.log.error({ err }, 'deposit refunds failed'));
      if (redispatch) {
        // The move stands; if dispatching fails now, the dispatch sweep starts it shortly.
        await app.dispatcher
          .dispatch(parseReference(reference)!)
          .catch((err: unknown) => app.log.error({ err }, 'dispatch after a move failed'));
      }
      // As the mover saw it, even a technician who just gave the job back.
      return detail(await requestByReference(app.db, reference), viewer);
    },

    approveQuote: (
      reference: string,
      user: SessionUser | null,
      token: string | undefined,
      quoteId: number,
      body: Parameters<JobDocuments['sign']>[1],
      context: Parameters<JobDocuments['sign']>[2],
    ) => approveJobQuote(app, documents, reference, user, token, quoteId, body, context),

    payInvoice: (
      reference: string,
      user: SessionUser | null,
      token: string | undefined,
      invoiceId: number,
      input: { sourceId: string; idempotencyKey: string },
    ) => payJobInvoice(app, documents, reference, user, token, invoiceId, input),

    /** The technician writes to the customer; the platform delivers it by e-mail. */
    async message(reference: string, user: SessionUser, message: string) {
      const { request, viewer } = await resolveJobViewer(app, reference, user, undefined);
      if (viewer.role !== 'technician')
        throw new AppError(403, 'Only the assigned technician can e-mail the customer');
      if (!(MESSAGING_STATUSES as readonly string[]).includes(request.status))
        throw new AppError(409, `This job is ${JOB_STATUS_LABELS[request.status].toLowerCase()}`);
      const wait = await messages.consume(String(user.id));
      if (wait > 0)
        throw tooManyAttempts('Too many messages; please wait before sending more', wait);
      const tech = await q.technicianCard(app.db, request.assignedTechnicianId!);
      const name = tech ? fullName(tech) : 'Your technician';
      const mail = customerMail(
        app,
        request,
        'job_message',
        `Message from ${name}`,
        [`${name} wrote about your ${request.serviceType} request:`, message],
        'Reply by phone or follow your request',
      );
      if (!mail) throw new AppError(409, 'This customer has no e-mail address');
      await app.outbox.enqueue(app.db, mail);
      return { message: 'Message sent' };
    },
  };
}

export type JobsService = ReturnType<typeof createJobsService>;
