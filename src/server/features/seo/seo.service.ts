import type { FastifyInstance } from 'fastify';
import { countListedTechnicians, listedTechniciansPage } from './seo.queries';

export function createSeoService(app: FastifyInstance) {
  return {
    countListedTechnicians: () => countListedTechnicians(app.db),
    /** Listed technicians by id, `limit` of them after the first `offset`. */
    listedTechniciansPage: (offset: number, limit: number) =>
      listedTechniciansPage(app.db, offset, limit),
  };
}
