import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../tests/helpers/build-test-app';
import { createTechnician, createUser } from '../../../../../tests/helpers/factories';
import { formatWindow } from '@shared/service-time';
import { outbox, serviceRequests } from '../../../db/schema';
import { sendVisitReminders } from './reminders.service';

// A scheduled visit reminds both sides a day before its window and an hour before, once each
// (ADR 043); a window moved is reminded anew; a job not scheduled is not reminded.

const HOUR = 3_600_000;
let t: TestApp;
let techId: number;
let techEmail: string;
let customerId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const { technician, user } = await createTechnician(t.app);
  techId = technician.id;
  techEmail = user.email;
  customerId = (await createUser(t.app, { role: 'customer' })).id;
});
afterAll(() => t.close());

async function visit(start: Date, status: 'scheduled' | 'accepted' = 'scheduled') {
  const [r] = await t.app.db
    .insert(serviceRequests)
    .values({
      customerId,
      serviceType: 'Brake Service',
      description: 'Brakes grind when stopping.',
      location: 'Bowie, MD',
      contactName: 'Pat',
      contactEmail: 'pat.reminded@example.com',
      smsUpdatesPhone: '+12025550142',
      smsUpdatesConsentAt: t.clock.now,
      status,
      assignedTechnicianId: techId,
      windowStart: start,
      windowEnd: new Date(start.getTime() + 2 * HOUR),
      windowConfirmedAt: status === 'scheduled' ? t.clock.now : null,
    })
    .returning();
  return r!;
}

const remindersOf = (id: number) =>
  t.app.db
    .select()
    .from(outbox)
    .where(like(outbox.idempotencyKey, `%visit_reminder:${id}:%`))
    .orderBy(outbox.id);

describe('visit reminders', () => {
  it('go a day before and an hour before, once each, to the customer and the technician', async () => {
    const start = new Date(t.clock.now.getTime() + 30 * HOUR);
    const job = await visit(start);
    await sendVisitReminders(t.app);
    expect(await remindersOf(job.id)).toHaveLength(0);

    t.clock.advance(7 * HOUR); // 23 hours before
    await sendVisitReminders(t.app);
    await sendVisitReminders(t.app);
    const day = await remindersOf(job.id);
    expect(day.map((m) => [m.channel, m.template, m.toAddress]).sort()).toEqual(
      [
        ['email', 'visit_reminder', 'pat.reminded@example.com'],
        ['email', 'visit_reminder_technician', techEmail],
        ['sms', 'visit_reminder', '+12025550142'],
      ].sort(),
    );
    const mail = day.find((m) => m.template === 'visit_reminder' && m.channel === 'email')!;
    expect(mail.subject).toMatch(/^Reminder: your technician visit \(WR-\d{6}\)$/);
    expect(mail.textBody).toContain(formatWindow(start, new Date(start.getTime() + 2 * HOUR)));

    t.clock.advance(22 * HOUR + 10 * 60_000); // 50 minutes before
    await sendVisitReminders(t.app);
    await sendVisitReminders(t.app);
    const all = await remindersOf(job.id);
    expect(all).toHaveLength(6);
    expect(all.filter((m) => m.idempotencyKey.includes(':hour:'))).toHaveLength(3);
    expect(
      all.find((m) => m.template === 'visit_reminder' && m.idempotencyKey.includes(':hour:'))!
        .subject,
    ).toMatch(/^Your technician arrives within the hour/);
  });

  it('remind a moved window anew, and leave jobs without a confirmed window alone', async () => {
    const job = await visit(new Date(t.clock.now.getTime() + 5 * HOUR));
    const proposed = await visit(new Date(t.clock.now.getTime() + 6 * HOUR), 'accepted');
    await sendVisitReminders(t.app);
    expect(await remindersOf(job.id)).toHaveLength(3);
    expect(await remindersOf(proposed.id)).toHaveLength(0);

    await t.app.db
      .update(serviceRequests)
      .set({
        windowStart: new Date(t.clock.now.getTime() + 8 * HOUR),
        windowEnd: new Date(t.clock.now.getTime() + 10 * HOUR),
      })
      .where(eq(serviceRequests.id, job.id));
    await sendVisitReminders(t.app);
    expect(await remindersOf(job.id)).toHaveLength(6);
  });

  it('do not remind a customer who has no e-mail or text consent, but still the technician', async () => {
    const job = await visit(new Date(t.clock.now.getTime() + 3 * HOUR));
    await t.app.db
      .update(serviceRequests)
      .set({ contactEmail: null, smsUpdatesConsentAt: null })
      .where(eq(serviceRequests.id, job.id));
    await sendVisitReminders(t.app);
    const sent = await t.app.db
      .select()
      .from(outbox)
      .where(and(like(outbox.idempotencyKey, `%visit_reminder:${job.id}:%`)));
    expect(sent.map((m) => m.template)).toEqual(['visit_reminder_technician']);
  });
});
