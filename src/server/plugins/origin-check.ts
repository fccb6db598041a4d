import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../infra/app-error';
import { PAYPAL_WEBHOOK_PATH, SQUARE_WEBHOOK_PATH } from '../infra/payments/webhook-signatures';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Payment providers' webhooks: posted by the providers' servers, never by a browser of ours,
 * whatever Origin they carry; their credential is the provider's signature over the body.
 */
const PROVIDER_WEBHOOKS = new Set([SQUARE_WEBHOOK_PATH, PAYPAL_WEBHOOK_PATH]);

/**
 * Refuses cross-site writes: a browser sends Origin (or Sec-Fetch-Site) with every write, and
 * it must name this site. Non-browser clients send neither and are judged by their credentials.
 *
 * What is judged is the route the router matched (`request.routeOptions.url`, after it decoded
 * the path), never the text of the URL: `/%61pi/...` reaches the same route as `/api/...` and
 * is checked like it. A write that matches no route is checked too (it only gets a 404).
 * The two provider webhook routes are exempt (matched exactly, by route).
 */
export const originCheckPlugin = fp(async (app: FastifyInstance) => {
  const allowed = new Set<string>();
  if (app.config.publicUrl) allowed.add(new URL(app.config.publicUrl).host);

  // A callback hook, not an async one: most requests are reads and leave at the first line
  // without a promise made for them.
  app.addHook('onRequest', (request, _reply, done) => {
    done(crossSiteRefusal(request));
  });

  function crossSiteRefusal(request: FastifyRequest): AppError | undefined {
    if (SAFE.has(request.method)) return;
    const route = request.routeOptions.url;
    if (route !== undefined && !route.startsWith('/api/')) return;
    if (route !== undefined && PROVIDER_WEBHOOKS.has(route)) return;
    const origin = request.headers.origin;
    if (origin) {
      let host: string | undefined;
      try {
        host = origin === 'null' ? undefined : new URL(origin).host;
      } catch {
        host = undefined;
      }
      if (!host || (host !== request.host && !allowed.has(host))) {
        return new AppError(403, 'Cross-site request refused');
      }
      return;
    }
    if (request.headers['sec-fetch-site'] === 'cross-site') {
      return new AppError(403, 'Cross-site request refused');
    }
  }
});
