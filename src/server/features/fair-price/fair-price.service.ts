import type { FastifyInstance } from 'fastify';
import type { Point } from '@shared/geo';
import { fairPriceFor } from '../../domain/fair-price';

export function createFairPriceService(app: FastifyInstance) {
  return {
    /** The figures for a service type at a point; empty without an area. */
    at: (serviceType: string, point: Point | null) => fairPriceFor(app.db, serviceType, point),
  };
}
