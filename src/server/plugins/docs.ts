import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_TOKEN_SCHEME } from '../features/api-v1/api-v1.routes';

/**
 * The OpenAPI document, built from the routes' zod schemas. It is always built (tests read
 * app.swagger()); it is served at /api/docs only when API_DOCS is on.
 */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Wrenchly API', version: '1.0.0' },
      components: {
        securitySchemes: {
          [API_TOKEN_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            description:
              "A personal API token (Professional plan), created on the technician's profile: " +
              '`Authorization: Bearer wr_...`. Accepted only by /api/v1 routes, read-only, ' +
              '60 requests a minute per token (429 with Retry-After beyond).',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  if (app.config.apiDocs)
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
