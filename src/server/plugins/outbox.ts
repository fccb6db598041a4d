import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Transporter } from 'nodemailer';
import { fallBackAfterFailedPush } from '../domain/technician-alerts';
import {
  createAttachmentRenderers,
  createOutbox,
  type AttachmentRenderers,
  type Outbox,
  type Transport,
} from '../infra/outbox';
import { smtpTransport } from '../infra/outbox/email';
import { loadVapidKeys, webPushTransport, type VapidKeys } from '../infra/outbox/push';
import { twilioTransport } from '../infra/outbox/sms';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every e-mail, SMS and push goes through it (ADR 012). */
    outbox: Outbox;
    /** What e-mails attach, by kind: features register their renderers (the PDFs of the point of sale). */
    mailAttachments: AttachmentRenderers;
    /** The VAPID pair push is signed with; null when push is off. */
    vapid: VapidKeys | null;
  }
}

export type OutboxOptions = {
  /** An SMTP transport in place of SMTP_URL's (tests pass a stand-in's). */
  mailTransport?: Transporter;
  /** Transports in place of the configured ones, per channel. */
  transports?: Partial<Record<'email' | 'sms' | 'push', Transport>>;
};

/** The outbox and its transports: SMTP, Twilio, Web Push (ADR 012). The worker starts with the tasks. */
export const outboxPlugin = fp(async (app: FastifyInstance, opts: OutboxOptions) => {
  const { config, db } = app;
  const vapid = await loadVapidKeys(db, config);
  app.decorate('vapid', vapid);
  const attachments = createAttachmentRenderers();
  app.decorate('mailAttachments', attachments);
  app.decorate(
    'outbox',
    createOutbox({
      db,
      clock: app.clock,
      log: app.log,
      transports: {
        email: smtpTransport({
          from: config.mailFrom,
          smtpUrl: config.smtpUrl,
          transport: opts.mailTransport,
          attachments,
        }),
        sms: twilioTransport(config.sms),
        push: vapid ? webPushTransport({ db, vapid, clock: app.clock }) : undefined,
        ...opts.transports,
      },
      // Read at delivery time: the metrics plugin registers after this one.
      onDelivery: (channel, result) => app.metrics?.outboxDelivery(channel, result),
    }),
  );
  // A job push that did not arrive: the technician is e-mailed (and texted) at once.
  app.outbox.onUndelivered((row) => fallBackAfterFailedPush(app, row));
  // Stopping: what this instance claimed and has not handed to a transport goes back to the queue
  // at once (another instance sends it now), not after the requests in flight and the grace period.
  app.addHook('preClose', async () => app.outbox.release());
  app.addHook('onClose', async () => {
    // The deliveries in flight are recorded before the database closes.
    await app.outbox.stop();
    await app.outbox.close();
  });
});
