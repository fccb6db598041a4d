import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { errorResponseSchema } from '@shared/schemas/common';
import { API_TOKEN_SCHEME } from '../features/api-v1/api-v1.routes';
import { SESSION_COOKIE } from '../infra/session';
import type { Access } from './access';

/** A raw body (an upload's bytes, a provider's notification): its media types and schemas. */
export type RawBodyDoc = {
  description: string;
  content: Record<string, { schema: Record<string, unknown> }>;
};

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The request body as the document describes it, for a route that reads its body itself
     * rather than through `schema.body` (whose validation would change what it answers): a
     * zod schema of a JSON body, or a raw body's media types.
     */
    documentedBody?: ZodType | RawBodyDoc;
  }
}

/** The methods whose operations the document gives a request body. */
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * An action named by its path alone (sign out, approve, cancel, retry): no body, or `{}`. OpenAPI
 * cannot say "no body", so it is an optional empty object.
 */
const NO_BODY = {
  type: 'object',
  maxProperties: 0,
  description: 'Nothing: the path says what to do. Send no body, or `{}`.',
};
const OPTIONAL_BODY = 'x-wrenchly-optional-body';
/** A raw body's description, carried to its requestBody (which @fastify/swagger leaves without). */
const BODY_DESCRIPTION = 'x-wrenchly-body-description';

const RETRY_AFTER = {
  description: 'Seconds to wait before trying again.',
  schema: { type: 'integer', minimum: 1 },
};

type Operation = {
  requestBody?: { required?: boolean; description?: string };
  responses?: Record<string, { headers?: Record<string, unknown> }>;
  [OPTIONAL_BODY]?: boolean;
  [BODY_DESCRIPTION]?: string;
};

/**
 * What the routes' schemas cannot say themselves: an optional body is optional, and a 429 (and
 * a 503, when the database is away) carries Retry-After (error-handler).
 */
export function completeOperations<T>(doc: T): T {
  const paths = (doc as { paths?: Record<string, Record<string, Operation>> }).paths ?? {};
  for (const operations of Object.values(paths))
    for (const op of Object.values(operations)) {
      if (op[OPTIONAL_BODY]) {
        delete op[OPTIONAL_BODY];
        if (op.requestBody) op.requestBody.required = false;
      }
      if (op[BODY_DESCRIPTION] !== undefined) {
        if (op.requestBody) op.requestBody.description = op[BODY_DESCRIPTION];
        delete op[BODY_DESCRIPTION];
      }
      const tooMany = op.responses?.['429'];
      if (tooMany) tooMany.headers = { 'Retry-After': RETRY_AFTER, ...tooMany.headers };
      const unavailable = op.responses?.['503'];
      if (unavailable)
        unavailable.headers = {
          'Retry-After': {
            ...RETRY_AFTER,
            description:
              'Seconds to wait before trying again, when the outage is expected to pass.',
          },
          ...unavailable.headers,
        };
    }
  return doc;
}

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
 * app.swagger()) and always served at /api/docs/json, in production too: integrators generate
 * their clients from it. The UI (/api/docs) only when API_DOCS is on. Each route writes its
 * summary, operationId and tags; its security comes from its `config.access` here, and a body
 * it reads itself from its `config.documentedBody`. Only the JSON API is described (/api/...),
 * not the pages.
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
      const documented = input.route.config?.documentedBody;
      const zodBody = documented && !('content' in documented) ? documented : undefined;
      const response = input.schema?.response as Record<string, unknown> | undefined;
      // A route limit (config.rateLimit) answers 429 whether or not the route lists it.
      const limited = Boolean(input.route.config?.rateLimit) && response && !('429' in response);
      const { schema, url } = jsonSchemaTransform(
        (zodBody && !input.schema?.body) || limited
          ? {
              ...input,
              schema: {
                ...input.schema,
                ...(zodBody && !input.schema?.body ? { body: zodBody } : {}),
                ...(limited ? { response: { ...response, 429: errorResponseSchema } } : {}),
              },
            }
          : input,
      );
      if (!url.startsWith('/api/')) return { schema: { ...schema, hide: true }, url };
      const security = securityFor(input.route.config?.access);
      const out: Record<string, unknown> = { security, ...schema };
      const writes = [input.route.method].flat().some((m) => WRITE_METHODS.has(m));
      if (!out.body && documented && 'content' in documented)
        Object.assign(out, {
          body: { content: documented.content },
          [BODY_DESCRIPTION]: documented.description,
        });
      else if (!out.body && writes) Object.assign(out, { body: NO_BODY, [OPTIONAL_BODY]: true });
      return { schema: out, url };
    },
    transformObject: (doc) =>
      completeOperations(
        typeNullableUnions('openapiObject' in doc ? doc.openapiObject : doc.swaggerObject),
      ),
  });
  if (app.config.apiDocs)
    await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  else app.get('/api/docs/json', { schema: { hide: true } }, async () => app.swagger());
});
