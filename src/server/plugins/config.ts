import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '../config';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    /** The current time; tests replace it to move through subscription periods and expiry. */
    clock: () => Date;
    /** What /api/health/ready reports besides the database (ADR 022). */
    lifecycle: Lifecycle;
  }
}

export type Lifecycle = {
  /** Set by SIGTERM (and app.close()): the instance takes no new work. */
  shuttingDown: boolean;
  /** The technician index has loaded once (search and dispatch answer from it). */
  indexLoaded: boolean;
};

/** The configuration, the clock and the instance's lifecycle, and the request id on answers. */
export const configPlugin = fp(
  async (app: FastifyInstance, opts: { config: AppConfig; clock?: () => Date }) => {
    app.decorate('config', opts.config);
    app.decorate('clock', opts.clock ?? (() => new Date()));
    app.decorate('lifecycle', { shuttingDown: false, indexLoaded: false } satisfies Lifecycle);
    // Set as the request arrives (synchronously, not in an async hook per answer): every answer,
    // errors included, carries it.
    app.addHook('onRequest', (request, reply, done) => {
      reply.header('x-request-id', request.id);
      done();
    });
    // Stopping: readiness fails (before the server waits for requests in flight).
    app.addHook('preClose', async () => {
      app.lifecycle.shuttingDown = true;
    });
  },
);
