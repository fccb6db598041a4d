import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createUser, signIn } from '../../../../tests/helpers/factories';
import { startSmtpStandIn } from '../../../../tests/helpers/smtp-stand-in';
import { PAGE_MESSAGE } from '@shared/schemas/common';
import { outbox } from '../../db/schema';
import { composeMail } from '../mailer';
import {
  BACKOFF_MS,
  createOutbox,
  LEASE_MS,
  MAX_ATTEMPTS,
  SEND_BY_MS,
  UNKNOWN_OUTCOME,
  type Transport,
} from '.';

const mail = (n: string, key?: string) => ({
  to: `${n}@example.com`,
  subject: `Hello ${n}`,
  template: 'test',
  key,
  ...composeMail([`Hi ${n},`, 'Thanks <3']),
});

const rowsTo = (t: TestApp, to: string) =>
  t.app.db.select().from(outbox).where(eq(outbox.toAddress, to));

/** POST /api/admin/outbox/:id/retry as a fresh admin, `times` requests at once. */
const adminRetry = async (t: TestApp, id: number, times = 1) => {
  const admin = await createUser(t.app, { role: 'admin' });
  const cookie = await signIn(t.app, admin.username!);
  return Promise.all(
    Array.from({ length: times }, () =>
      t.app.inject({ method: 'POST', url: `/api/admin/outbox/${id}/retry`, headers: { cookie } }),
    ),
  );
};

describe('outbox without a transport', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('keeps e-mails (held) when no SMTP relay is configured; the worker leaves them', async () => {
    await t.app.outbox.enqueue(t.app.db, mail('held'));
    expect(await t.app.outbox.drain()).toBe(0);
    const [row] = await rowsTo(t, 'held@example.com');
    expect(row).toMatchObject({ status: 'held', attempts: 0, channel: 'email' });
    expect(t.app.outbox.channels()).toMatchObject({ email: null, sms: null, push: 'web-push' });
  });

  it('a retry without a transport leaves the message failed, to retry once one exists', async () => {
    const [id] = await t.app.outbox.enqueue(t.app.db, mail('no-relay'));
    await t.app.db
      .update(outbox)
      .set({ status: 'failed', attempts: 5, lastError: 'Mailbox unavailable' })
      .where(eq(outbox.id, id!));
    for (let i = 0; i < 2; i++) {
      const [res] = await adminRetry(t, id!);
      expect(res!.statusCode).toBe(409);
      expect(res!.json().message).toBe('No email delivery is configured');
      const [row] = await rowsTo(t, 'no-relay@example.com');
      expect(row).toMatchObject({ status: 'failed', attempts: 5 });
    }
  });

  it('writes in the caller transaction: a rolled back change sends nothing', async () => {
    await expect(
      t.app.db.transaction(async (tx) => {
        await t.app.outbox.enqueue(tx, mail('rolled-back'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowsTo(t, 'rolled-back@example.com')).toHaveLength(0);
  });

  it('one message per idempotency key', async () => {
    const first = await t.app.outbox.enqueue(t.app.db, mail('once', 'test:once'));
    const again = await t.app.outbox.enqueue(t.app.db, mail('once', 'test:once'));
    expect(first).toHaveLength(1);
    expect(again).toHaveLength(0);
    expect(await rowsTo(t, 'once@example.com')).toHaveLength(1);
  });
});

describe('admin outbox list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('filters by status and channel, pages by 25, counts per status, refuses bad queries', async () => {
    const admin = await createUser(t.app, { role: 'admin' });
    const cookie = await signIn(t.app, admin.username!);
    const get = (query: string) =>
      t.app.inject({ method: 'GET', url: `/api/admin/outbox${query}`, headers: { cookie } });
    await t.app.outbox.enqueue(
      t.app.db,
      Array.from({ length: 27 }, (_, i) => mail(`list${i}`)),
    );
    const first = await get('?status=held&channel=email');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ total: 27, page: 1, pageSize: 25 });
    expect(first.json().items).toHaveLength(25);
    expect(first.json().counts).toEqual({ held: 27 });
    expect((await get('?status=held&page=2')).json().items).toHaveLength(2);
    expect((await get('?channel=sms')).json()).toMatchObject({ total: 0, items: [] });
    expect((await get('?page=100000')).json()).toMatchObject({ page: 100_000, items: [] });
    for (const query of ['?page=0', '?page=100001', '?page=1.5', '?page=x', '?page=1&page=2']) {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().message, query).toBe(PAGE_MESSAGE);
    }
    for (const query of ['?status=lost', '?channel=fax', '?status=%00'])
      expect((await get(query)).statusCode, query).toBe(400);
  });
});

describe('outbox over SMTP', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;
  beforeAll(async () => {
    smtp = await startSmtpStandIn();
    t = await buildTestApp({ config: { smtpUrl: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers a queued e-mail once, with a Message-ID made from its key', async () => {
    await t.app.outbox.enqueue(t.app.db, mail('smtp', 'test:smtp'));
    const [queued] = await rowsTo(t, 'smtp@example.com');
    expect(queued?.status).toBe('queued');
    expect(await t.app.outbox.drain()).toBe(1);
    expect(await t.app.outbox.drain()).toBe(0);
    const got = smtp.received.filter((r) => r.to.includes('smtp@example.com'));
    expect(got).toHaveLength(1);
    expect(got[0]!.from).toBe('no-reply@wrenchly.com');
    expect(got[0]!.data).toContain('Subject: Hello smtp');
    expect(got[0]!.data).toContain('Thanks &lt;3');
    expect(got[0]!.data).toMatch(/Message-ID: <[0-9a-f]{32}@outbox\.wrenchly>/i);
    const [row] = await rowsTo(t, 'smtp@example.com');
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row?.sentAt).toBeInstanceOf(Date);
  });

  it('retries a refused delivery after 1 min, 5 min, 30 min and 2 h, then fails; an admin puts it back', async () => {
    smtp.refuse(451);
    await t.app.outbox.enqueue(t.app.db, mail('backoff'));
    const waits: number[] = [];
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      expect(await t.app.outbox.drain()).toBe(1);
      const [row] = await rowsTo(t, 'backoff@example.com');
      expect(row?.attempts).toBe(attempt);
      expect(row?.lastError).toMatch(/Try again later/);
      if (attempt < MAX_ATTEMPTS) {
        expect(row?.status).toBe('queued');
        const wait = row!.availableAt.getTime() - t.clock.now.getTime();
        waits.push(Math.round(wait / 60_000));
        // Not before its time.
        t.clock.advance(wait - 1000);
        expect(await t.app.outbox.drain()).toBe(0);
        t.clock.advance(1000);
      } else expect(row?.status).toBe('failed');
    }
    expect(waits).toEqual(BACKOFF_MS.map((ms) => ms / 60_000));
    expect(await t.app.outbox.drain()).toBe(0);

    smtp.refuse(undefined);
    const [failed] = await rowsTo(t, 'backoff@example.com');
    const admin = await t.app.inject({
      method: 'POST',
      url: `/api/admin/outbox/${failed!.id}/retry`,
    });
    expect(admin.statusCode).toBe(401); // the route is admin-only (matrix test covers roles)
    await t.app.outbox.retry(failed!.id);
    expect(await t.app.outbox.drain()).toBe(1);
    const [sent] = await rowsTo(t, 'backoff@example.com');
    expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
    expect(smtp.received.filter((r) => r.to.includes('backoff@example.com'))).toHaveLength(1);
    await expect(t.app.outbox.retry(failed!.id)).rejects.toMatchObject({ statusCode: 409 });
    await expect(t.app.outbox.retry(2_000_000_000)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('does not retry a permanent refusal (5xx)', async () => {
    smtp.refuse(550);
    await t.app.outbox.enqueue(t.app.db, mail('permanent'));
    expect(await t.app.outbox.drain()).toBe(1);
    smtp.refuse(undefined);
    const [row] = await rowsTo(t, 'permanent@example.com');
    expect(row).toMatchObject({ status: 'failed', attempts: 1 });
    expect(row?.lastError).toMatch(/Mailbox unavailable/);
  });

  it('two retries of a failed message at once put it back once: it is sent once', async () => {
    smtp.refuse(550);
    await t.app.outbox.enqueue(t.app.db, mail('twice'));
    expect(await t.app.outbox.drain()).toBe(1);
    smtp.refuse(undefined);
    const [failed] = await rowsTo(t, 'twice@example.com');
    expect(failed?.status).toBe('failed');
    const results = await adminRetry(t, failed!.id, 2);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.statusCode === 200)!.json()).toMatchObject({
      id: failed!.id,
      status: 'queued',
      attempts: 0,
    });
    expect(await t.app.outbox.drain()).toBe(1);
    expect(await t.app.outbox.drain()).toBe(0);
    expect(smtp.received.filter((r) => r.to.includes('twice@example.com'))).toHaveLength(1);
    expect((await rowsTo(t, 'twice@example.com'))[0]).toMatchObject({ status: 'sent' });
  });

  it('never resends a message whose sender died mid-delivery (outcome unknown)', async () => {
    const [id] = await t.app.outbox.enqueue(t.app.db, mail('crashed'));
    // What a crash leaves: claimed, lease running, no result.
    await t.app.db
      .update(outbox)
      .set({
        status: 'sending',
        claimToken: 'dead-instance',
        attempts: 1,
        leaseUntil: new Date(t.clock.now.getTime() + 60_000),
      })
      .where(eq(outbox.id, id!));
    expect(await t.app.outbox.drain()).toBe(0);
    t.clock.advance(61_000);
    expect(await t.app.outbox.drain()).toBe(0);
    const [row] = await rowsTo(t, 'crashed@example.com');
    expect(row).toMatchObject({ status: 'failed', lastError: UNKNOWN_OUTCOME });
    expect(smtp.received.filter((r) => r.to.includes('crashed@example.com'))).toHaveLength(0);
  });

  it('drops a message past its expiry instead of sending it late', async () => {
    await t.app.outbox.enqueue(t.app.db, {
      ...mail('late'),
      expiresAt: new Date(t.clock.now.getTime() - 1000),
    });
    expect(await t.app.outbox.drain()).toBe(0);
    const [row] = await rowsTo(t, 'late@example.com');
    expect(row).toMatchObject({ status: 'canceled', lastError: 'Expired before delivery' });
  });

  it('a request never fails because the mail server is down: the contact form answers 201', async () => {
    await smtp.close();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: {
        name: 'Dana Lee',
        email: 'dana@example.com',
        subject: 'Question about plans',
        message: 'How do plans work for a new shop?',
      },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.db
      .select()
      .from(outbox)
      .where(eq(outbox.template, 'contact_message'));
    expect(row).toMatchObject({
      status: 'queued',
      idempotencyKey: `contact_message:${res.json().id}`,
    });
    expect(await t.app.outbox.drain()).toBe(1);
    // No connection, so nothing left: the message keeps its place and its attempts.
    const [after] = await t.app.db.select().from(outbox).where(eq(outbox.id, row!.id));
    expect(after).toMatchObject({ status: 'queued', attempts: 0 });
    expect(after?.availableAt).toEqual(row!.availableAt);
    expect(after?.lastError).toMatch(/ECONNREFUSED|connect/i);
  });

  it('while the relay is away the e-mail channel pauses; once back, the queue goes out at once', async () => {
    // The relay is still down (closed by the test above), on the port the app sends to.
    const port = smtp.port;
    await t.app.outbox.enqueue(t.app.db, [mail('away1'), mail('away2'), mail('away3')]);
    // One attempt finds the relay away; the rest of the batch is put back untried.
    await t.app.outbox.drain();
    const away = async () => [
      ...(await rowsTo(t, 'away1@example.com')),
      ...(await rowsTo(t, 'away2@example.com')),
      ...(await rowsTo(t, 'away3@example.com')),
    ];
    for (const r of await away()) expect(r).toMatchObject({ status: 'queued', attempts: 0 });
    // Paused: no message of the channel is claimed, so no connection is tried.
    expect(await t.app.outbox.drain()).toBe(0);
    // Still away after the pause: the next pause is longer (1 s, then 2 s).
    t.clock.advance(1_000);
    expect(await t.app.outbox.drain()).toBeGreaterThan(0);
    t.clock.advance(1_000);
    expect(await t.app.outbox.drain()).toBe(0);
    t.clock.advance(1_000);

    // The relay is back: everything waiting goes out, with no retry's minute of backoff.
    smtp = await startSmtpStandIn({ port });
    expect(await t.app.outbox.drain()).toBeGreaterThan(0);
    for (const r of await away()) expect(r).toMatchObject({ status: 'sent', attempts: 1 });
    expect(smtp.received.filter((r) => /away\d@/.test(r.to[0]!))).toHaveLength(3);
  });
});

describe('outbox workers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  /** A transport that takes a little time and counts what it sends, per key. */
  const counting = () => {
    const sent = new Map<string, number>();
    const transport: Transport = {
      name: 'counting',
      async deliver(row) {
        // A transport's own latency (so racing workers overlap), not a wait.
        await new Promise((r) => setTimeout(r, 2));
        sent.set(row.idempotencyKey, (sent.get(row.idempotencyKey) ?? 0) + 1);
        return { status: 'sent' };
      },
    };
    return { sent, transport };
  };

  /** A worker of its own on the test app's database, sending SMS through `transport`. */
  const smsWorker = (
    transport: Transport,
    options: { batchSize?: number; concurrency?: number } = {},
  ) =>
    createOutbox({
      db: t.app.db,
      clock: t.app.clock,
      log: t.app.log,
      transports: { sms: transport },
      ...options,
    });
  /** One SMS a key (its subject and text the key itself). */
  const smsTo = (to: string, template: string, keys: string[]) =>
    keys.map((key) => ({
      channel: 'sms' as const,
      to,
      subject: key,
      text: key,
      template,
      key,
    }));

  it('two workers racing over the same queue send each message exactly once', async () => {
    const { sent, transport } = counting();
    const a = smsWorker(transport, { batchSize: 7 });
    const b = smsWorker(transport, { batchSize: 7 });
    const keys = Array.from({ length: 120 }, (_, i) => `race:${i}`);
    await a.enqueue(
      t.app.db,
      keys.map((key, i) => ({
        channel: 'sms' as const,
        to: `+1202555${String(i).padStart(4, '0')}`,
        subject: 'race',
        text: 'race',
        template: 'race',
        key,
      })),
    );
    const [na, nb] = await Promise.all([a.drain(), b.drain()]);
    expect(na + nb).toBe(keys.length);
    expect([...sent.values()].every((n) => n === 1)).toBe(true);
    expect(sent.size).toBe(keys.length);
    const rows = await t.app.db.select().from(outbox).where(inArray(outbox.idempotencyKey, keys));
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
  });

  it('deliveries that end together are recorded sent together, each only under its own claim', async () => {
    const keys = Array.from({ length: 12 }, (_, i) => `together:${i}`);
    // Each delivery waits until all have arrived, then all end at once.
    const arrived: (() => void)[] = [];
    const worker = smsWorker({
      name: 'together',
      deliver: () => new Promise((resolve) => arrived.push(() => resolve({ status: 'sent' }))),
    });
    await worker.enqueue(t.app.db, smsTo('+12025550188', 'together', keys));
    const run = worker.runOnce();
    await vi.waitFor(() => expect(arrived).toHaveLength(keys.length));
    // Meanwhile another instance took the first message's claim over: this worker's record of
    // its delivery must not touch that claim.
    await t.app.db
      .update(outbox)
      .set({ claimToken: 'another-instance' })
      .where(eq(outbox.idempotencyKey, keys[0]!));
    for (const end of arrived) end();
    expect(await run).toBe(keys.length);
    const rows = await t.app.db.select().from(outbox).where(inArray(outbox.idempotencyKey, keys));
    const taken = rows.find((r) => r.idempotencyKey === keys[0]);
    expect(taken).toMatchObject({ status: 'sending', claimToken: 'another-instance' });
    const mine = rows.filter((r) => r.idempotencyKey !== keys[0]);
    expect(mine).toHaveLength(keys.length - 1);
    for (const r of mine)
      expect(r).toMatchObject({
        status: 'sent',
        sentAt: expect.any(Date),
        attempts: 1,
        claimToken: null,
        leaseUntil: null,
      });
  });

  it('a slow batch puts back what it can no longer send inside its lease, untried', async () => {
    const sent: string[] = [];
    const worker = smsWorker(
      {
        name: 'slow',
        async deliver(row) {
          sent.push(row.idempotencyKey);
          // The relay hangs: most of the batch's lease is gone after this message.
          if (sent.length === 1) t.clock.advance(LEASE_MS - SEND_BY_MS + 1000);
          return { status: 'sent' };
        },
      },
      { concurrency: 1 },
    );
    const keys = ['slow:1', 'slow:2'];
    await worker.enqueue(t.app.db, smsTo('+12025550177', 'slow', keys));
    expect(await worker.runOnce()).toBe(2);
    expect(sent).toHaveLength(1);
    const [late] = await t.app.db
      .select()
      .from(outbox)
      .where(
        inArray(
          outbox.idempotencyKey,
          keys.filter((k) => k !== sent[0]),
        ),
      );
    expect(late).toMatchObject({ status: 'queued', attempts: 0, claimToken: null });
    expect(await worker.drain()).toBe(1);
    expect(sent.sort()).toEqual(keys);
  });

  it('a started worker sends what a commit queues, woken by NOTIFY', async () => {
    const { sent, transport } = counting();
    const worker = smsWorker(transport);
    // What is queued before the start goes out in the run start() begins at once: waited for,
    // so that run has looked at the queue; with a minute's poll, only the wake-up can then
    // deliver the next message in time.
    await t.app.db.transaction((tx) =>
      worker.enqueue(tx, {
        channel: 'sms',
        to: '+12025550199',
        subject: 'before',
        text: 'before',
        template: 'wake',
        key: 'wake:0',
      }),
    );
    worker.start((fn) => t.app.realtime.onSignal('wrenchly_outbox', fn), 60_000);
    await vi.waitFor(() => expect(sent.get('wake:0')).toBe(1), { timeout: 3000, interval: 5 });
    const started = Date.now();
    await t.app.db.transaction((tx) =>
      worker.enqueue(tx, {
        channel: 'sms',
        to: '+12025550199',
        subject: 'wake',
        text: 'wake',
        template: 'wake',
        key: 'wake:1',
      }),
    );
    while (!sent.has('wake:1') && Date.now() - started < 3000)
      await new Promise((r) => setTimeout(r, 10));
    await worker.stop();
    expect(sent.get('wake:1')).toBe(1);
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
