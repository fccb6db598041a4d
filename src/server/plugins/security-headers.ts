import type { IncomingMessage, ServerResponse } from 'node:http';
import fastifyCookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config';

/** The payment providers' browser scripts, frames and endpoints, when they are configured. */
function providerSources(config: AppConfig) {
  const sources = { script: [] as string[], frame: [] as string[], connect: [] as string[] };
  if (config.cardProvider === 'square') {
    const cdn =
      config.square.environment === 'production'
        ? 'https://web.squarecdn.com'
        : 'https://sandbox.web.squarecdn.com';
    sources.script.push(cdn);
    sources.frame.push(cdn, 'https://*.squarecdn.com');
    sources.connect.push(
      'https://pci-connect.squareup.com',
      'https://pci-connect.squareupsandbox.com',
      'https://*.squarecdn.com',
    );
  }
  if (config.walletProvider === 'paypal') {
    sources.script.push('https://www.paypal.com', 'https://www.sandbox.paypal.com');
    sources.frame.push('https://www.paypal.com', 'https://www.sandbox.paypal.com');
    sources.connect.push('https://www.paypal.com', 'https://www.sandbox.paypal.com');
  }
  return sources;
}

/** Where the browser posts its error reports: the DSN's origin, only when one is set. */
function errorReportSources(config: AppConfig): string[] {
  return config.errorReports.dsn ? [new URL(config.errorReports.dsn).origin] : [];
}

/**
 * The headers helmet's middleware writes for these options, worked out once: they depend on the
 * configuration only (no nonce, no directive computed per request). @fastify/helmet built the
 * middleware again for every request, parsing the policy each time; with the two hooks it added,
 * that was the largest cost a health check paid after the socket itself.
 */
export function securityHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return [...headers];
}

/** The Content Security Policy and the other security headers, and cookie parsing. */
export const securityHeadersPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  const providers = providerSources(config);
  const headers = securityHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...providers.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Uploaded photos and logos are served by the app (/api/...); documents on S3 open as
        // links, not images. Only the map's tile host is admitted besides (ADR 018).
        imgSrc: ["'self'", 'data:', 'blob:', config.map.imageSource],
        fontSrc: ["'self'", 'data:', ...(providers.frame.length ? ['https:'] : [])],
        connectSrc: ["'self'", ...providers.connect, ...errorReportSources(config)],
        frameSrc: ["'self'", ...providers.frame],
        objectSrc: ["'none'"],
        // The installable app: its service worker (/sw.js) and manifest (/manifest.webmanifest).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Production sits behind TLS; locally the app is plain http.
    hsts: config.env === 'production',
    crossOriginEmbedderPolicy: false,
  });
  // On the raw response, as helmet does: answers that take over the socket (event streams) keep
  // them too.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  await app.register(fastifyCookie);
});
