import type { FastifyInstance } from 'fastify';
import { FAIR_PRICE_MIN_JOBS } from '@shared/fair-price';
import type { Point } from '@shared/geo';
import type { PriceEstimate } from '@shared/schemas/fair-price';
import { fairPriceFor } from '../../domain/fair-price';
import { placeZip } from '../../domain/places';
import { assertServed } from '../../domain/service-area';

export function createFairPriceService(app: FastifyInstance) {
  return {
    /** The figures for a service type at a point; empty without an area. */
    at: (serviceType: string, point: Point | null) => fairPriceFor(app.db, serviceType, point),

    /**
     * The price before booking at a place as typed (ZIP, town or address): 400 for a place
     * unknown or outside the service area, like a request from there.
     */
    async estimate(serviceType: string, location: string): Promise<PriceEstimate> {
      const z = placeZip(location);
      assertServed(location);
      const figures = await fairPriceFor(app.db, serviceType, z);
      const dollars = (amount: string) => Number(amount);
      return {
        serviceType,
        place: `${z.city}, ${z.state} ${z.zip}`,
        jobs: figures.jobs,
        minimumJobs: FAIR_PRICE_MIN_JOBS,
        ...(figures.total && {
          low: dollars(figures.total.low),
          median: dollars(figures.total.median),
          high: dollars(figures.total.high),
        }),
      };
    },
  };
}
