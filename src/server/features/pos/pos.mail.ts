import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/app-error';
import { composeMail } from '../../lib/mailer';

/** Sends a point-of-sale e-mail; with SMTP configured, one not delivered is an error. */
export async function sendPosMail(
  app: FastifyInstance,
  to: string,
  template: string,
  subject: string,
  paragraphs: string[],
) {
  const sent = await app.mailer.send({ to, template, subject, ...composeMail(paragraphs) });
  if (app.config.smtpUrl && !sent.delivered)
    throw new AppError(502, 'The e-mail could not be delivered. Please check email configuration.');
}
