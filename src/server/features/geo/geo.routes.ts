import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mapConfigSchema, nearestZipQuerySchema, nearestZipSchema } from '@shared/schemas/geo';
import { AppError } from '../../infra/app-error';
import { nearestZip, NEAREST_ZIP_MAX_MILES } from '../../domain/places';
import { errorResponsesFor } from '../../infra/route-errors';

/** 'Use my location' and the map view's runtime settings (ADR 018). */
export const geoRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/geo/nearest-zip',
    {
      config: { access: 'public' },
      schema: {
        summary: 'The ZIP code nearest a position',
        operationId: 'getNearestZip',
        tags: ['geo'],
        description: `The US ZIP code nearest to a point (lat, lng in degrees), within ${NEAREST_ZIP_MAX_MILES} miles.`,
        querystring: nearestZipQuerySchema,
        response: { 200: nearestZipSchema, ...errorResponsesFor(400, 404) },
      },
    },
    async (request, reply) => {
      const { lat, lng } = request.query;
      const z = nearestZip({ latitude: lat, longitude: lng });
      if (!z)
        throw new AppError(
          404,
          `No US ZIP code within ${NEAREST_ZIP_MAX_MILES} miles of that location. Enter a ZIP code instead.`,
        );
      // The same point always answers the same: cacheable by the browser.
      reply.header('cache-control', 'public, max-age=86400');
      return { zip: z.zip, city: z.city, state: z.state };
    },
  );

  app.get(
    '/api/config/map',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Map tiles settings',
        operationId: 'getMapConfig',
        tags: ['geo'],
        description: 'The map view tile URL template and attribution (MAP_TILE_URL).',
        response: { 200: mapConfigSchema },
      },
    },
    async () => ({ tileUrl: app.config.map.tileUrl, attribution: app.config.map.attribution }),
  );
};
