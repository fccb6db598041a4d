import type { FastifyInstance } from 'fastify';
import type { TechnicianJobsQuery } from '@shared/schemas/service-request-views';
import { AppError } from '../../infra/app-error';
import type { SessionUser } from '../../infra/session';
import { requestSummaryOut } from '../../domain/request-summaries';
import * as q from './jobs.queries';

export function createJobsService(app: FastifyInstance) {
  return {
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
        active: active.map(requestSummaryOut),
        past: past.map(requestSummaryOut),
        activeTotal,
        pastTotal,
        page: query.page,
        pageSize: query.pageSize,
      };
    },
  };
}
