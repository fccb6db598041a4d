import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { composeMail } from '../../lib/mailer';

/** Queues a point-of-sale e-mail in `db`'s transaction; the outbox worker delivers it. */
export async function sendPosMail(
  app: FastifyInstance,
  db: DbOrTx,
  to: string,
  template: string,
  subject: string,
  paragraphs: string[],
) {
  await app.outbox.enqueue(db, { to, template, subject, ...composeMail(paragraphs) });
}
