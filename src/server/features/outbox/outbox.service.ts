import type { FastifyInstance } from 'fastify';
import { outboxPage } from './outbox.queries';

export function createOutboxService(app: FastifyInstance) {
  return {
    /** One page of the outbox, newest first, with the number of messages per status. */
    page: (f: Parameters<typeof outboxPage>[1]) => outboxPage(app.db, f),
  };
}
