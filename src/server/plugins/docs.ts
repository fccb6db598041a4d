import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { API_TOKEN_SCHEME } from '../features/api-v1/api-v1.routes';
import { SESSION_COOKIE } from '../infra/session';
import type { Access } from './access';

/** The OpenAPI security scheme of the signed-in routes: the session cookie sign-in sets. */
export const SESSION_COOKIE_SCHEME = 'sessionCookie';

/** What a route declares in the document, from its `config.access` (one place for all). */
export function securityFor(access: Access | undefined): Record<string, string[]>[] {
  if (access === undefined || access === 'public') return [];
  if (access === 'api-token') return [{ [API_TOKEN_SCHEME]: [] }];
  return [{ [SESSION_COOKIE_SCHEME]: [] }];
}

// OpenAPI 3.0 has no null type: zod writes `z.null()` as this schema.
const NULL_SCHEMA = { type: 'string', nullable: true, enum: [null] };

/**
 * OpenAPI 3.0 ignores `nullable` on a schema without a `type`, which is how a nullable union
 * comes out (`{ nullable: true, anyOf: [...] }`): null becomes one more alternative of the
 * union instead, so the document says what the validation accepts.
 */
export function typeNullableUnions<T>(node: T): T {
  if (Array.isArray(node)) return node.map(typeNullableUnions) as T;
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = typeNullableUnions<unknown>(value);
  if (out.nullable === true && out.type === undefined) {
    const key = Array.isArray(out.anyOf) ? 'anyOf' : Array.isArray(out.oneOf) ? 'oneOf' : null;
    if (key) {
      delete out.nullable;
      out[key] = [...(out[key] as unknown[]), NULL_SCHEMA];
    }
  }
  return out as T;
}

/**
 * The OpenAPI document, built from the routes' zod schemas. It is always built (tests read
 * app.swagger()); it is served at /api/docs only when API_DOCS is on. Each route writes its
 * summary, operationId and tags; its security comes from its `config.access` here. Only the
 * JSON API is described (/api/...), not the pages.
 */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Wrenchly API',
        version: '1.0.0',
        description:
          'The API of the Wrenchly web app. Professional technicians: the read-only /api/v1 ' +
          'routes (tag api-v1) take a personal API token; the other routes serve the web app ' +
          'and take its session cookie.',
      },
      servers: [{ url: app.config.publicUrl ?? '/' }],
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
          [SESSION_COOKIE_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: SESSION_COOKIE,
            description:
              'The session cookie set by signing in (POST /api/auth/signin). Never accepted ' +
              'by /api/v1 routes.',
          },
        },
      },
    },
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input);
      if (!url.startsWith('/api/')) return { schema: { ...schema, hide: true }, url };
      const security = securityFor(input.route.config?.access);
      return { schema: { security, ...schema }, url };
    },
    transformObject: (doc) =>
      typeNullableUnions('openapiObject' in doc ? doc.openapiObject : doc.swaggerObject),
  });
  if (app.config.apiDocs)
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
