import type { FastifyInstance } from 'fastify';

/**
 * Stops an instance without dropping work (ADR 022), in this order:
 *
 * 1. `/api/health/ready` answers 503 (`lifecycle.shuttingDown`), and no background job starts
 *    any more; the outbox worker claims and starts no delivery, and hands the messages it
 *    claimed but did not give a transport back to the queue at once (preClose);
 * 2. open event streams are told to come back in a moment and ended, so EventSource reconnects
 *    through the load balancer to another instance (preClose, `infra/sse.ts`);
 * 3. the server stops accepting connections, closes idle keep-alive ones and answers 503 to new
 *    requests on the others; requests in flight finish, for at most `graceMs`, after which
 *    their connections are closed;
 * 4. job runs in progress finish (bounded) and the leases this instance holds are released;
 *    the outbox's deliveries in flight are recorded; LISTEN ends; Redis disconnects.
 *
 * The caller closes the database afterwards (main.ts opens it).
 */
export async function shutDown(app: FastifyInstance, graceMs: number): Promise<void> {
  app.lifecycle.shuttingDown = true;
  const force = setTimeout(() => {
    app.log.warn({ graceMs }, 'requests still in flight after the grace period; closing them');
    app.server.closeAllConnections();
  }, graceMs);
  force.unref();
  try {
    await app.close();
  } finally {
    clearTimeout(force);
  }
}
