import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Serves the built client: hashed assets cached for a year, everything else revalidated,
 * unknown non-API GETs answered with index.html (SPA fallback), unknown /api paths with JSON 404.
 * The service worker (/sw.js) and the manifest (/manifest.webmanifest) are not hashed, so they
 * are revalidated too: a new build's worker reaches the browser on its next update check.
 */
export const staticClientPlugin = fp(async (app: FastifyInstance, opts: { clientDir?: string }) => {
  const clientDir = opts.clientDir;
  const hasClient = !!clientDir && existsSync(path.join(clientDir, 'index.html'));

  if (hasClient) {
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      index: false,
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.header('cache-control', 'no-cache');
        }
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url === '/api' || url.startsWith('/api/')) {
      return reply.status(404).send({ message: `Route ${request.method} ${url} not found` });
    }
    if (hasClient && (request.method === 'GET' || request.method === 'HEAD')) {
      // Missing hashed assets are real 404s, not the app shell.
      if (url.startsWith('/assets/')) return reply.status(404).send({ message: 'Not found' });
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: 'Not found' });
  });
});
