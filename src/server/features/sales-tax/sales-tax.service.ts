import type { FastifyInstance } from 'fastify';
import { taxRatesFor } from '../../domain/sales-tax';

/** The sales tax of a place of work today (docs/decisions/031). */
export function createSalesTaxService(app: FastifyInstance) {
  return {
    ratesFor: (location: string) => taxRatesFor(app.db, location, app.clock()),
  };
}
