import type { FastifyInstance } from 'fastify';
import type { Branding } from '@shared/schemas/branding';
import type { DbOrTx } from '../../db/client';
import { composeBrandedMail } from '../../domain/branding';
import type { AttachmentRef } from '../../infra/outbox';
import { publicBaseUrl } from '../../infra/public-url';

/**
 * Queues a point-of-sale e-mail in `db`'s transaction; the outbox worker delivers it. With the
 * technician's branding (Professional) it carries their business name, logo, colour and footer. `attachments` (the documents' PDFs) are
 * rendered when the e-mail is delivered.
 */
export async function sendPosMail(
  app: FastifyInstance,
  db: DbOrTx,
  to: string,
  template: string,
  subject: string,
  paragraphs: string[],
  branding: Branding | null = null,
  attachments: AttachmentRef[] = [],
) {
  await app.outbox.enqueue(db, {
    to,
    template,
    subject,
    attachments,
    ...composeBrandedMail(paragraphs, branding, publicBaseUrl(app.config)),
  });
}
