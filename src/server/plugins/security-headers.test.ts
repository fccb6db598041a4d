import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import helmet from 'helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/helpers/build-test-app';
import { securityHeaders } from './security-headers';

/** The headers helmet's own middleware sends on a real response, read by a real client. */
async function helmetOnTheWire(options: Parameters<typeof helmet>[0]) {
  const middleware = helmet(options);
  const server: Server = createServer((req, res) => middleware(req, res, () => res.end()));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/`);
    const skip = new Set([
      'date',
      'connection',
      'keep-alive',
      'content-length',
      'transfer-encoding',
    ]);
    return Object.fromEntries([...res.headers].filter(([k]) => !skip.has(k)));
  } finally {
    await new Promise((r) => server.close(r));
  }
}

describe('security headers worked out once', () => {
  it("are exactly the headers helmet's middleware sends, for the defaults and for a policy", async () => {
    for (const options of [
      {},
      {
        contentSecurityPolicy: {
          useDefaults: false,
          directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'] },
        },
        hsts: false,
        crossOriginEmbedderPolicy: false,
      },
    ]) {
      expect(Object.fromEntries(securityHeaders(options))).toEqual(await helmetOnTheWire(options));
    }
  });

  describe('in the app', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await buildTestApp();
    });
    afterAll(() => t.close());

    it('every answer carries them with its request id: a read, a 404, a refused write, a 401', async () => {
      const answers = await Promise.all([
        t.app.inject({ url: '/api/health' }),
        t.app.inject({ url: '/api/no-such-thing' }),
        t.app.inject({
          method: 'POST',
          url: '/api/contact',
          headers: { origin: 'https://evil.example' },
          payload: {},
        }),
        t.app.inject({ url: '/api/vehicles' }),
      ]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 404, 403, 401]);
      for (const res of answers) {
        expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['x-request-id']).toMatch(/^[\w-]+$/);
      }
    });
  });
});
