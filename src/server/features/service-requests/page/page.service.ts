import type { FastifyInstance } from 'fastify';
import { ACTIVE_JOB_STATUSES, JOB_STATUS_LABELS } from '@shared/jobs';
import { AppError } from '../../../infra/app-error';
import { fullName } from '../../../domain/names';
import { tooManyAttempts } from '../../../infra/rate-limiter';
import type { SessionUser } from '../../../infra/session';
import { resolveJobViewer } from '../../../domain/job-access';
import { customerMail } from '../../../domain/job-mail';
import { requestSummaryOut } from '../../../domain/request-summaries';
import { serviceRequestDetail } from '../service-requests.detail';
import { technicianCard } from '../service-requests.queries';
import * as q from './page.queries';

/** E-mails a technician may send customers through the platform per hour. */
const MESSAGES_PER_HOUR = 20;
const LIST_LIMIT = 200;
/** A technician writes to the customer while the job is on, and after it for follow-ups. */
const MESSAGING_STATUSES = [...ACTIVE_JOB_STATUSES, 'completed'] as const;

/** The request's page: what it shows each viewer, its live updates, the technician's e-mail. */
export function createPageService(app: FastifyInstance) {
  const messages = app.rateLimits.limiter('job-messages', MESSAGES_PER_HOUR, 3600_000);

  return {
    async get(reference: string, user: SessionUser | null, token: string | undefined) {
      const { request, viewer } = await resolveJobViewer(app, reference, user, token);
      return serviceRequestDetail(app, request, viewer);
    },

    /**
     * Whether whoever opened the request's stream may still see it: their session is still
     * live (not signed out or expired), and the request's current row still lets them in (a
     * technician who gave the job back no longer does). Asked before every event (ADR 027).
     */
    async stillSees(reference: string, user: SessionUser | null, token: string | undefined) {
      if (user && !(await q.sessionIsLive(app.db, user.sessionId, app.clock()))) return false;
      return resolveJobViewer(app, reference, user, token).then(
        () => true,
        () => false,
      );
    },

    async listForCustomer(user: SessionUser) {
      return (await q.requestsOfCustomer(app.db, user.id, LIST_LIMIT)).map(requestSummaryOut);
    },

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
      const tech = await technicianCard(app.db, request.assignedTechnicianId!);
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
