import { asc, eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import {
  buildTestApp,
  openTestDatabase,
  testConfig,
} from '../../../../tests/helpers/build-test-app';
import { startSmtpStandIn } from '../../../../tests/helpers/smtp-stand-in';
import { buildApp } from '../../app';
import { outbox } from '../../db/schema';
import { composeMail } from '../mailer';
import { shutDown } from '../shutdown';
import { UNKNOWN_OUTCOME } from '.';

const TOKEN = 'metrics-token-for-tests-0123456789';

const mail = (n: number) => ({
  to: `slow${n}@example.com`,
  subject: `Hello ${n}`,
  template: 'test',
  key: `slow:${n}`,
  ...composeMail([`Hi ${n},`]),
});

describe('stopping an instance during an e-mail batch, with a slow relay', () => {
  it('hands back at once what the relay was not given, and a restart sends each message exactly once', async () => {
    // 1.5 s a message over the pool's 4 connections: 9 messages take three rounds.
    const smtp = await startSmtpStandIn({ delayMs: 1500 });
    const { database, drop } = await openTestDatabase();
    const config = testConfig({ smtpUrl: smtp.url });
    const first = await buildApp(config, { database, backgroundJobs: false });
    await first.ready();
    const rows = () => first.db.select().from(outbox).orderBy(asc(outbox.id));
    try {
      await first.outbox.enqueue(
        first.db,
        Array.from({ length: 9 }, (_, i) => mail(i)),
      );
      first.outbox.start(() => () => {}, 60_000);
      // The first round is at the relay: 4 messages, the whole batch claimed.
      await vi.waitFor(() => expect(smtp.handed).toHaveLength(4), { timeout: 10_000 });
      expect((await rows()).every((r) => r.status === 'sending')).toBe(true);

      const stopping = shutDown(first, 10_000);
      // At once (the relay still holds the first round): the 5 it was not given are queued
      // again, their attempt undone, for another instance or the restart.
      await vi.waitFor(
        async () => {
          const queued = (await rows()).filter((r) => r.status === 'queued');
          expect(queued).toHaveLength(5);
          expect(queued.every((r) => r.attempts === 0 && r.claimToken === null)).toBe(true);
        },
        { timeout: 1000, interval: 20 },
      );
      expect(smtp.received).toHaveLength(0);
      await stopping;
      // The 4 in flight were recorded; nothing else was handed to the relay by this instance.
      expect(smtp.handed).toHaveLength(4);
      const after = await rows();
      expect(after.filter((r) => r.status === 'sent')).toHaveLength(4);
      expect(after.filter((r) => r.status === 'queued')).toHaveLength(5);
    } finally {
      await first.close().catch(() => {});
    }

    // The restart: the messages handed back go out, each once; none was written off.
    const second = await buildApp(config, { database, backgroundJobs: false });
    await second.ready();
    try {
      expect(await second.outbox.drain()).toBe(5);
      const all = await second.db.select().from(outbox);
      expect(all.map((r) => r.status)).toEqual(Array(9).fill('sent'));
      const times = new Map<string, number>();
      for (const m of smtp.received) for (const to of m.to) times.set(to, (times.get(to) ?? 0) + 1);
      expect(Object.fromEntries(times)).toEqual(
        Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`slow${i}@example.com`, 1])),
      );
    } finally {
      await second.close();
      await drop();
      await smtp.close();
    }
  }, 60_000);
});

describe('a claim left behind by an instance that died', () => {
  it("counts its 'outcome unknown' as a failed delivery", async () => {
    const t = await buildTestApp({
      config: { metricsToken: TOKEN },
      deps: {
        transports: { email: { name: 'never', deliver: async () => ({ status: 'sent' }) } },
      },
    });
    try {
      const [id] = await t.app.outbox.enqueue(t.app.db, mail(99));
      await t.app.db
        .update(outbox)
        .set({
          status: 'sending',
          claimToken: 'dead-instance',
          attempts: 1,
          leaseUntil: new Date(t.clock.now.getTime() - 1000),
        })
        .where(eq(outbox.id, id!));
      await t.app.outbox.runOnce();
      const [row] = await t.app.db.select().from(outbox).where(eq(outbox.id, id!));
      expect(row).toMatchObject({ status: 'failed', lastError: UNKNOWN_OUTCOME });
      const res = await t.app.inject({
        method: 'GET',
        url: '/metrics',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.body).toMatch(
        /^wrenchly_outbox_deliveries_total\{channel="email",outcome="failed"\} 1$/m,
      );
    } finally {
      await t.close();
    }
  });
});
