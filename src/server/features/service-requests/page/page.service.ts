import type { FastifyInstance } from 'fastify';
import type { SessionUser } from '../../../infra/session';
import { resolveRequestViewer } from '../../../domain/request-access';
import { requestSummaryOut } from '../../../domain/request-summaries';
import { serviceRequestDetail } from '../service-requests.detail';
import * as q from './page.queries';

const LIST_LIMIT = 200;

/** The request's page: what it shows each viewer, its live updates. */
export function createPageService(app: FastifyInstance) {
  return {
    async get(reference: string, user: SessionUser | null, token: string | undefined) {
      const { request, viewer } = await resolveRequestViewer(app, reference, user, token);
      return serviceRequestDetail(app, request, viewer);
    },

    /**
     * Whether whoever opened the request's stream may still see it: their session is still
     * live (not signed out or expired), and the request's current row still lets them in (a
     * technician who gave the job back no longer does). Asked before every event (ADR 027).
     */
    async stillSees(reference: string, user: SessionUser | null, token: string | undefined) {
      if (user && !(await q.sessionIsLive(app.db, user.sessionId, app.clock()))) return false;
      return resolveRequestViewer(app, reference, user, token).then(
        () => true,
        () => false,
      );
    },

    async listForCustomer(user: SessionUser) {
      return (await q.requestsOfCustomer(app.db, user.id, LIST_LIMIT)).map(requestSummaryOut);
    },
  };
}
