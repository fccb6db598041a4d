import { fileURLToPath } from 'node:url';
import { lintFromString, loadConfig } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  requestBody?: {
    required?: boolean;
    description?: string;
    content?: Record<string, { schema?: Record<string, unknown> }>;
  };
  responses?: Record<string, { headers?: Record<string, { schema?: { type?: string } }> }>;
};
type Doc = { paths: Record<string, Record<string, Operation>> };

const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ name: `${method.toUpperCase()} ${path}`, op })),
  );

describe('the OpenAPI document', () => {
  it("passes Redocly's recommended lint (redocly.yaml) with no error and no warning", async () => {
    // redocly.yaml and its .redocly.lint-ignore.yaml, as `npm run openapi:lint` reads them; the
    // ignore file names the document by the path that script dumps it to.
    const config = await loadConfig({
      configPath: fileURLToPath(new URL('../../redocly.yaml', import.meta.url)),
    });
    const problems = await lintFromString({
      source: JSON.stringify(t.app.swagger(), null, 2),
      absoluteRef: fileURLToPath(new URL('../../dist/openapi.json', import.meta.url)),
      config,
    });
    const report = problems
      .filter((p) => !p.ignored)
      .map((p) => `${p.severity} ${p.ruleId} at ${p.location[0]?.pointer ?? '?'}: ${p.message}`);
    expect(report, report.join('\n')).toEqual([]);
  });

  it('gives every operation a tag, a summary, an operationId and its security', () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, Operation>> };
    const missing = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(
          ([, op]) =>
            !op.operationId || !op.summary || !op.tags?.length || !Array.isArray(op.security),
        )
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(missing).toEqual([]);
  });

  it('documents the request body of every write operation (POST, PUT, PATCH)', () => {
    // DELETE names its target in the path; OpenAPI 3.0 gives it no body semantics.
    const writes = operations(t.app.swagger() as Doc).filter(({ name }) =>
      /^(POST|PUT|PATCH) /.test(name),
    );
    expect(writes.length).toBeGreaterThan(50);
    const without = writes
      .filter(({ op }) => {
        const content = Object.values(op.requestBody?.content ?? {});
        return content.length === 0 || content.some((media) => !media.schema);
      })
      .map(({ name }) => name);
    expect(without).toEqual([]);

    const body = (name: string) => writes.find((w) => w.name === name)!.op.requestBody!;
    // The two payloads of a service request, by their kind: the Request Service form's and the
    // demo page's.
    const request = body('POST /api/service-requests');
    const alternatives = request.content!['application/json']!.schema!.oneOf as {
      properties: Record<string, unknown>;
      required: string[];
    }[];
    expect(alternatives).toHaveLength(2);
    expect(alternatives[0]!.required).toEqual(
      expect.arrayContaining(['serviceType', 'description', 'location']),
    );
    expect(alternatives[1]!.required).toEqual(
      expect.arrayContaining(['customerName', 'email', 'issueDescription']),
    );
    // An action named by its path: an optional, empty body.
    expect(body('POST /api/auth/signout')).toMatchObject({
      required: false,
      content: { 'application/json': { schema: { type: 'object', maxProperties: 0 } } },
    });
    // Raw bodies: the bytes of an upload, a provider's notification.
    expect(Object.keys(body('POST /api/request-photos').content!)).toContain('image/jpeg');
    expect(body('PUT /api/documents/upload/{token}').content!['application/pdf']).toEqual({
      schema: { type: 'string', format: 'binary' },
    });
    expect(body('POST /api/webhooks/square').description).toMatch(/Square/);
  });

  it('documents Retry-After on every 429 answer', () => {
    const limited = operations(t.app.swagger() as Doc).filter(({ op }) => op.responses?.['429']);
    expect(limited.length).toBeGreaterThan(10);
    const without = limited
      .filter(
        ({ op }) => op.responses!['429']!.headers?.['Retry-After']?.schema?.type !== 'integer',
      )
      .map(({ name }) => name);
    expect(without).toEqual([]);
    // A route limit (config.rateLimit) the route's own responses did not list.
    const tokenize = limited.find((l) => l.op.operationId === 'sandboxTokenizeCard');
    expect(tokenize?.op.responses?.['429']?.headers).toHaveProperty('Retry-After');
  });

  it('serves the document in production, where the UI is off', async () => {
    const prod = await buildTestApp({ config: { env: 'production', apiDocs: false } });
    try {
      const res = await prod.app.inject({ method: 'GET', url: '/api/docs/json' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const doc = res.json() as Doc & { openapi: string };
      expect(doc.openapi).toMatch(/^3\./);
      expect(doc.paths).toHaveProperty(['/api/v1/jobs']);
      expect((await prod.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
