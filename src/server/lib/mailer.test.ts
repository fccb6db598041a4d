import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/helpers/build-test-app';
import type { Database } from '../db/client';
import { outbox } from '../db/schema';
import { composeMail, createMailer, MailDeliveryError } from './mailer';

type Received = { from: string; to: string[]; data: string };

/** A real SMTP server on a free loopback port, recording what it receives. */
async function startSmtp(options: { reject?: boolean } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, cb) {
      if (options.reject) return cb(new Error('Mailbox unavailable'));
      cb();
    },
    onData(stream, session, cb) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString()));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('mailer', () => {
  let database: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ database, drop } = await openTestDatabase());
  });
  afterAll(() => drop());

  it('keeps messages in the outbox when no SMTP is configured', async () => {
    const mailer = createMailer({ db: database.db, from: 'Wrenchly <no-reply@wrenchly.com>' });
    expect(mailer.mode).toBe('outbox');
    const sent = await mailer.send({
      to: 'x@example.com',
      subject: 'Hi',
      text: 'Hello',
      template: 't',
    });
    expect(sent.delivered).toBe(false);
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, sent.id));
    expect(row).toMatchObject({ toAddress: 'x@example.com', subject: 'Hi', status: 'queued' });
  });

  it('delivers through SMTP and marks the outbox row sent', async () => {
    const smtp = await startSmtp();
    const mailer = createMailer({
      db: database.db,
      from: 'Wrenchly <no-reply@wrenchly.com>',
      smtpUrl: smtp.url,
    });
    expect(mailer.mode).toBe('smtp');
    const body = composeMail(['Your application was received.', 'Thanks <3']);
    const sent = await mailer.send({
      to: 'applicant@example.com',
      subject: 'Application received',
      ...body,
      template: 'application_received',
    });
    mailer.close();
    await smtp.close();
    expect(sent.delivered).toBe(true);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.to).toEqual(['applicant@example.com']);
    expect(smtp.received[0]!.from).toBe('no-reply@wrenchly.com');
    expect(smtp.received[0]!.data).toContain('Subject: Application received');
    expect(smtp.received[0]!.data).toContain('Thanks &lt;3');
    const [row] = await database.db.select().from(outbox).where(eq(outbox.id, sent.id));
    expect(row?.status).toBe('sent');
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it('records a failed delivery and raises a MailDeliveryError', async () => {
    const smtp = await startSmtp({ reject: true });
    const mailer = createMailer({
      db: database.db,
      from: 'no-reply@wrenchly.com',
      smtpUrl: smtp.url,
    });
    await expect(
      mailer.send({ to: 'nobody@example.com', subject: 'Receipt', text: 'x', template: 'receipt' }),
    ).rejects.toThrow(
      new MailDeliveryError('The e-mail could not be delivered. Please check email configuration.'),
    );
    mailer.close();
    await smtp.close();
    const rows = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.toAddress, 'nobody@example.com'));
    expect(rows[0]?.status).toBe('failed');
    expect(rows[0]?.lastError).toMatch(/Mailbox unavailable/);
  });
});
