import type { FastifyInstance } from 'fastify';
import { latestMails } from './dev-mailbox.queries';

export function createDevMailboxService(app: FastifyInstance) {
  return {
    /** The newest `limit` messages of the outbox. */
    latest: (limit: number) => latestMails(app.db, limit),
  };
}
