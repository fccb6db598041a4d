import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { publicBaseUrl } from '../infra/public-url';
import { ERROR_REPORTS_META } from '@shared/ssr';
import { etagOf, loadSsr } from '../infra/ssr';

/** Security headers that apply to documents only (set for every response by helmet). */
const DOCUMENT_ONLY = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

const attribute = (v: string) =>
  v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The shell with what the browser is told at run time: where its error reports go. */
function withRuntimeSettings(html: string, errorReports?: { dsn?: string; environment: string }) {
  if (!errorReports?.dsn) return html;
  const meta = `<meta name="${ERROR_REPORTS_META}" content="${attribute(errorReports.dsn)}" data-environment="${attribute(errorReports.environment)}">`;
  return html.replace('</head>', () => `  ${meta}\n  </head>`);
}

/**
 * Serves the built client: hashed assets cached for a year (their .br/.gz twins made at build
 * time when the browser takes them), everything else revalidated. Public pages are rendered on
 * the server with their data (ADR 021), and so is the 404 page of an address no screen has
 * (status 404); other screens get the app shell; unknown /api paths a JSON 404. HTML carries an ETag, so a revalidation costs a 304. The service worker
 * (/sw.js) and the manifest are not hashed, so they are revalidated too.
 */
export const staticClientPlugin = fp(async (app: FastifyInstance, opts: { clientDir?: string }) => {
  const clientDir = opts.clientDir;
  const hasClient = !!clientDir && existsSync(path.join(clientDir, 'index.html'));
  const runtime = (html: string) => withRuntimeSettings(html, app.config?.errorReports);
  const shell = hasClient ? runtime(readFileSync(path.join(clientDir, 'index.html'), 'utf8')) : '';
  const shellEtag = etagOf(shell);
  const ssr = hasClient ? await loadSsr(clientDir, runtime) : null;
  // Canonical and Open Graph URLs: PUBLIC_URL (a bare app in unit tests has no config).
  const origin = app.config ? publicBaseUrl(app.config) : 'http://localhost';

  if (hasClient) {
    // A hashed script or stylesheet is not a document: the page's policies (CSP, framing,
    // referrer, ...) mean nothing on it, and on a phone their ~600 bytes a file, times the ~45
    // files of a first visit, cost as much as a screen's code. nosniff, CORP and HSTS stay.
    // Anything else (an SVG can be opened as a document and run script) keeps them all.
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      preCompressed: true,
      // The build's manifest (.vite/) is for the server only.
      allowedPath: (pathName) => !pathName.startsWith('/.vite'),
      // Here, when a file is served, rather than in a hook every answer would pass through.
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
          if (/\.(js|css)(\.br|\.gz)?$/.test(filePath))
            for (const h of DOCUMENT_ONLY) res.removeHeader(h);
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }

  const sendHtml = (
    request: FastifyRequest,
    reply: FastifyReply,
    body: string | Readable,
    status: number,
    etag: string,
  ) => {
    // Pages differ by visitor (signed in or not): revalidated every time, never shared.
    reply
      .header('cache-control', request.headers.cookie ? 'private, no-cache' : 'no-cache')
      .header('vary', 'Cookie')
      .header('etag', etag)
      .type('text/html; charset=utf-8');
    if (status === 200 && request.headers['if-none-match'] === etag) {
      if (typeof body !== 'string') body.destroy();
      return reply.status(304).send();
    }
    return reply.status(status).send(body);
  };

  const apiNotFound = (request: FastifyRequest, reply: FastifyReply, url: string) =>
    reply.status(404).send({ message: `Route ${request.method} ${url} not found` });

  if (hasClient) {
    // A route (not the not-found handler) so that compression applies to the HTML.
    app.get('/*', { schema: { hide: true } }, async (request, reply) => {
      const url = request.url.split('?')[0] ?? '';
      if (url === '/api' || url.startsWith('/api/')) return apiNotFound(request, reply, url);
      // Missing hashed assets are real 404s, not the app shell.
      if (url.startsWith('/assets/')) return reply.status(404).send({ message: 'Not found' });
      if (ssr) {
        try {
          const page = await ssr.page(app, request, origin);
          if (page) return sendHtml(request, reply, page.body, page.status, page.etag);
        } catch (err) {
          // The browser can still draw the page itself from the shell.
          request.log.error({ err }, 'server rendering failed; sent the app shell');
        }
      }
      return sendHtml(request, reply, shell, 200, shellEtag);
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url === '/api' || url.startsWith('/api/')) return apiNotFound(request, reply, url);
    return reply.status(404).send({ message: 'Not found' });
  });
});
