import type { FastifyInstance } from 'fastify';
import { activePlans } from './plans.queries';

export function createPlansService(app: FastifyInstance) {
  return {
    /** The plans on sale, in their order. */
    active: () => activePlans(app.db),
  };
}
