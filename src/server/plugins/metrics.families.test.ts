import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/helpers/build-test-app';
import { createTechnician, signIn } from '../../../tests/helpers/factories';
import { LOCATIONS } from '@shared/constants/locations';
import { jobNotifications, serviceRequests } from '../db/schema';
import type { Transport } from '../infra/outbox';

const TOKEN = 'metrics-token-for-tests-0123456789';
const bowie = LOCATIONS.find((l) => l.name === 'Bowie, MD')!;

/** E-mail by the address: `sent-…` arrives, `retry-…` fails for now, `refused-…` for good. */
const email: Transport = {
  name: 'test-email',
  async deliver(row) {
    if (row.toAddress.startsWith('retry-')) return { status: 'retry', error: 'Try later' };
    if (row.toAddress.startsWith('refused-')) return { status: 'failed', error: 'No such user' };
    if (row.toAddress.startsWith('gone-')) return { status: 'canceled', error: 'Gone' };
    return { status: 'sent' };
  },
};

/** A metric's value in Prometheus text (the sample's whole name with labels), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics: outbox, dispatch, technician index, backups', () => {
  let t: TestApp;
  let backupDir: string;
  beforeAll(async () => {
    backupDir = mkdtempSync(path.join(tmpdir(), 'wrenchly-backup-'));
    t = await buildTestApp({
      config: { metricsToken: TOKEN, backupDir },
      deps: { transports: { email } },
    });
    // The index's first load (started when the app is ready) is done.
    await t.app.technicianIndex.current();
  });
  afterAll(async () => {
    await t.close();
    rmSync(backupDir, { recursive: true, force: true });
  });

  const scrape = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  const request = async (serviceType: string, email: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/service-requests',
      payload: {
        serviceType,
        description: 'It makes a noise.\n\nCustomer: Pat Doe\nVehicle: 2019 Ford Focus',
        urgency: 'high',
        location: 'Bowie, MD',
        customerName: 'Pat Doe',
        customerEmail: email,
      },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: number; notifiedTechnicians: number };
  };

  it('counts outbox deliveries by channel and result, as the worker records them', async () => {
    for (const to of ['sent-1', 'sent-2', 'retry-1', 'refused-1', 'gone-1'])
      await t.app.outbox.enqueue(t.app.db, {
        to: `${to}@example.com`,
        subject: 'Hello',
        text: 'Hello',
        template: 'test',
      });
    await t.app.outbox.drain();
    const text = await scrape();
    const series = (outcome: string) =>
      sample(text, `wrenchly_outbox_deliveries_total{channel="email",outcome="${outcome}"}`);
    expect(series('sent')).toBe(2);
    expect(series('retry')).toBe(1);
    expect(series('failed')).toBe(1);
    expect(series('canceled')).toBe(1);
  });

  it('times the first notification of a request, counts dispatches and why some end unmatched', async () => {
    const before = await scrape();
    expect(sample(before, 'wrenchly_dispatch_unmatched_total{reason="no_one_to_ask"}')).toBe(0);
    expect(sample(before, 'wrenchly_dispatch_unmatched_total{reason="nobody_accepted"}')).toBe(0);

    // Only this technician offers Transmission: notified at once; their decline leaves no one.
    const { user } = await createTechnician(t.app, {
      location: bowie,
      specialties: ['Transmission'],
      plan: 'Professional',
    });
    const cookie = await signIn(t.app, user.username!);
    const matched = await request('Transmission', 'matched@example.com');
    expect(matched.notifiedTechnicians).toBe(1);
    // Nobody offers Diagnostics: no one to ask.
    const nobody = await request('Diagnostics', 'nobody@example.com');
    expect(nobody.notifiedTechnicians).toBe(0);

    let text = await scrape();
    expect(sample(text, 'wrenchly_dispatches_started_total')).toBe(2);
    expect(sample(text, 'wrenchly_dispatch_first_notification_seconds_count')).toBe(1);
    const seconds = sample(text, 'wrenchly_dispatch_first_notification_seconds_sum')!;
    expect(seconds).toBeGreaterThanOrEqual(0);
    expect(seconds).toBeLessThan(60);
    expect(sample(text, 'wrenchly_dispatch_unmatched_total{reason="no_one_to_ask"}')).toBe(1);
    expect(sample(text, 'wrenchly_dispatch_unmatched_total{reason="nobody_accepted"}')).toBe(0);

    const [n] = await t.app.db
      .select()
      .from(jobNotifications)
      .where(eq(jobNotifications.serviceRequestId, matched.id));
    const declined = await t.app.inject({
      method: 'PATCH',
      url: `/api/job-notifications/${n!.id}/decline`,
      headers: { cookie },
    });
    expect(declined.statusCode).toBe(200);

    text = await scrape();
    expect(sample(text, 'wrenchly_dispatch_unmatched_total{reason="nobody_accepted"}')).toBe(1);
    // A later round is not a first notification.
    expect(sample(text, 'wrenchly_dispatch_first_notification_seconds_count')).toBe(1);
  });

  it('records nothing of a dispatch whose transaction rolled back', async () => {
    const r = await request('Diagnostics', 'rollback@example.com');
    const unmatched = async () =>
      sample(await scrape(), 'wrenchly_dispatch_unmatched_total{reason="no_one_to_ask"}')!;
    const before = await unmatched();
    // As if the request had just come in, then its dispatch fails at commit.
    await t.app.db
      .update(serviceRequests)
      .set({ status: 'requested', dispatchRound: 0 })
      .where(eq(serviceRequests.id, r.id));
    const db = t.app.db;
    const transaction = db.transaction.bind(db);
    const spy = vi.spyOn(db, 'transaction').mockImplementationOnce(((
      fn: Parameters<typeof transaction>[0],
    ) =>
      transaction(async (tx) => {
        await fn(tx);
        throw new Error('commit failed');
      })) as typeof db.transaction);
    await expect(t.app.dispatcher.dispatch(r.id)).rejects.toThrow('commit failed');
    spy.mockRestore();
    expect(await unmatched()).toBe(before);
    await t.app.dispatcher.dispatch(r.id);
    expect(await unmatched()).toBe(before + 1);
  });

  it('shows how far the technician index is behind the database, and times its catch-ups', async () => {
    await t.app.technicianIndex.current();
    let text = await scrape();
    expect(sample(text, 'wrenchly_technician_index_version_lag')).toBe(0);
    expect(
      sample(text, 'wrenchly_technician_index_catch_up_seconds_count{kind="full"}'),
    ).toBeGreaterThanOrEqual(1);
    const catchUps =
      sample(text, 'wrenchly_technician_index_catch_up_seconds_count{kind="changes"}') ?? 0;

    // A new listed technician moves the database's version; nothing has searched since.
    await createTechnician(t.app, { location: bowie, specialties: ['Electrical'] });
    text = await scrape();
    expect(sample(text, 'wrenchly_technician_index_version_lag')).toBeGreaterThanOrEqual(1);

    await t.app.technicianIndex.current();
    text = await scrape();
    expect(sample(text, 'wrenchly_technician_index_version_lag')).toBe(0);
    expect(
      sample(text, 'wrenchly_technician_index_catch_up_seconds_count{kind="changes"}'),
    ).toBeGreaterThan(catchUps);
  });

  it("reads the last backup's time from $BACKUP_DIR/LAST_SUCCESS, 0 when there is none", async () => {
    const file = path.join(backupDir, 'LAST_SUCCESS');
    const value = async () =>
      sample(await scrape(), 'wrenchly_backup_last_success_timestamp_seconds');
    rmSync(file, { force: true });
    expect(await value()).toBe(0);
    writeFileSync(file, '1795900000\n');
    expect(await value()).toBe(1795900000);
    // What earlier backup scripts wrote, still read until the next backup rewrites it.
    writeFileSync(file, '2026-11-28T03:00:04Z\n');
    expect(await value()).toBe(1795834804);
    writeFileSync(file, 'not a time');
    expect(await value()).toBe(0);
  });
});

describe('GET /metrics without BACKUP_DIR', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { metricsToken: TOKEN } });
  });
  afterAll(() => t.close());

  it('has no backup metric', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('wrenchly_backup_last_success_timestamp_seconds');
    expect(res.body).toContain('wrenchly_outbox_deliveries_total');
  });

  it('exports every delivery result and every registered task at 0 before the first event', async () => {
    // A task registered (not started): its runs count from 0, so its first failures count.
    t.app.tasks.every('metrics-probe-task', 60_000, 1_000, async () => {});
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    for (const channel of ['email', 'sms', 'push'])
      for (const outcome of ['sent', 'retry', 'failed', 'canceled', 'deferred'])
        expect(res.body).toContain(
          `wrenchly_outbox_deliveries_total{channel="${channel}",outcome="${outcome}"} 0\n`,
        );
    for (const outcome of ['ok', 'failed'])
      expect(res.body).toContain(
        `background_task_runs_total{task="metrics-probe-task",outcome="${outcome}"} 0\n`,
      );
  });
});
