import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { outbox } from '../db/schema';
import { AppError } from './app-error';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** The kind of message, e.g. 'application_received'; kept with the outbox record. */
  template: string;
};

export type SentMail = { id: number; delivered: boolean };

export type Mailer = {
  /** Records the message in the outbox and, with SMTP configured, delivers it. */
  send(message: MailMessage): Promise<SentMail>;
  /** 'smtp' when messages leave the machine, 'outbox' when they stay in the table. */
  readonly mode: 'smtp' | 'outbox';
  close(): void;
};

/** What a client is told when SMTP fails; the server's own text goes to the log and outbox. */
export const MAIL_DELIVERY_FAILED =
  'The e-mail could not be delivered. Please check email configuration.';

export class MailDeliveryError extends AppError {
  constructor(message: string = MAIL_DELIVERY_FAILED) {
    super(502, message);
    this.name = 'MailDeliveryError';
  }
}

/**
 * Mail sent after the change is committed: a delivery failure is logged, never undoes or
 * hides the change.
 */
export async function sendAfterCommit(
  app: Pick<FastifyInstance, 'mailer' | 'log'>,
  messages: MailMessage | MailMessage[],
) {
  for (const message of [messages].flat()) {
    try {
      await app.mailer.send(message);
    } catch (err) {
      app.log.error({ err, template: message.template }, 'could not send e-mail');
    }
  }
}

export function createMailer(options: {
  db: Db;
  from: string;
  smtpUrl?: string;
  transport?: Transporter;
  logger?: Logger;
}): Mailer {
  const transport =
    options.transport ??
    (options.smtpUrl ? nodemailer.createTransport(options.smtpUrl) : undefined);
  const { db, from, logger } = options;

  return {
    mode: transport ? 'smtp' : 'outbox',
    async send(message) {
      const [row] = await db
        .insert(outbox)
        .values({
          toAddress: message.to,
          subject: message.subject,
          textBody: message.text,
          htmlBody: message.html ?? null,
          template: message.template,
          status: 'queued',
          idempotencyKey: randomUUID(),
        })
        .returning({ id: outbox.id });
      const id = row!.id;
      if (!transport) return { id, delivered: false };
      try {
        await transport.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        await db
          .update(outbox)
          .set({ status: 'sent', sentAt: new Date(), attempts: 1 })
          .where(eq(outbox.id, id));
        return { id, delivered: true };
      } catch (err) {
        const reason = err instanceof Error ? err.message : String(err);
        logger?.error({ err, mailId: id }, 'mail delivery failed');
        await db
          .update(outbox)
          .set({ status: 'failed', lastError: reason.slice(0, 1000), attempts: 1 })
          .where(eq(outbox.id, id));
        // The SMTP server's reply can name hosts, accounts and addresses: never sent to clients.
        throw new MailDeliveryError();
      }
    },
    close() {
      transport?.close();
    },
  };
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/** A plain-text body and its simple HTML twin from paragraphs (each line escaped). */
export function composeMail(paragraphs: string[]): { text: string; html: string } {
  return {
    text: paragraphs.join('\n\n'),
    html: paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n'),
  };
}
