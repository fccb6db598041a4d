import { createHash } from 'node:crypto';
import nodemailer, { type Transporter } from 'nodemailer';
import { AttachmentGone, attachmentRefs, type AttachmentRenderers } from './attachments';
import { errorText, type Transport } from './types';

/**
 * SMTP timeouts well inside the outbox's claim lease (nodemailer's defaults run to minutes), and
 * a pool of connections that each carry many messages: a connection a message (TCP, greeting,
 * EHLO, QUIT every time) delivered about 12 e-mails a second from two busy instances while the
 * fault bench's load queued about 130 (bench/faults.ts). The URL may set any of these itself.
 */
const DEFAULTS = {
  connectionTimeout: '15000',
  greetingTimeout: '15000',
  socketTimeout: '45000',
  pool: 'true',
  maxConnections: '4',
  maxMessages: '100',
};

function withDefaults(smtpUrl: string) {
  const url = new URL(smtpUrl);
  for (const [k, v] of Object.entries(DEFAULTS))
    if (!url.searchParams.has(k)) url.searchParams.set(k, v);
  return url.toString();
}

/**
 * E-mail through an SMTP relay. The Message-ID comes from the outbox key, so a copy an admin
 * sends again is recognisable as the same message downstream.
 */
export function smtpTransport(options: {
  from: string;
  smtpUrl?: string;
  transport?: Transporter;
  /** Renders the attachments a message names (a message naming none needs none). */
  attachments?: AttachmentRenderers;
}): Transport | undefined {
  const transport =
    options.transport ??
    (options.smtpUrl ? nodemailer.createTransport(withDefaults(options.smtpUrl)) : undefined);
  if (!transport) return undefined;
  // A pool sends on its connections and queues the rest inside nodemailer, where a message is
  // neither at the relay nor back in the outbox; without a pool each message has a connection.
  const inner = (
    transport as { transporter?: { options?: { pool?: boolean; maxConnections?: number } } }
  ).transporter?.options;
  const concurrency = inner?.pool ? inner.maxConnections || 5 : undefined;
  return {
    name: 'smtp',
    concurrency,
    async deliver(row) {
      let attachments;
      if (attachmentRefs(row.payload).length > 0) {
        try {
          if (!options.attachments) throw new Error('No attachment renderers are configured');
          attachments = await options.attachments.render(row);
        } catch (err) {
          // The record is gone: this e-mail can never be sent as written. Anything else passes.
          if (err instanceof AttachmentGone) return { status: 'failed', error: errorText(err) };
          return { status: 'retry', error: `Attachment not rendered: ${errorText(err)}` };
        }
      }
      try {
        await transport.sendMail({
          from: options.from,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody ?? undefined,
          ...(attachments ? { attachments } : {}),
          messageId: `<${createHash('sha256').update(row.idempotencyKey).digest('hex').slice(0, 32)}@outbox.wrenchly>`,
        });
        return { status: 'sent' };
      } catch (err) {
        const { responseCode: code, syscall } = err as { responseCode?: number; syscall?: string };
        // No connection to the relay (refused, no route, no such host): the message never left.
        if (syscall === 'connect' || syscall === 'getaddrinfo')
          return { status: 'unreachable', error: errorText(err) };
        // 5xx: the relay refused this message for good (bad address, policy); 4xx and
        // a connection lost mid-message pass.
        if (code && code >= 500) return { status: 'failed', error: errorText(err) };
        return { status: 'retry', error: errorText(err) };
      }
    },
    close() {
      transport.close();
    },
  };
}
