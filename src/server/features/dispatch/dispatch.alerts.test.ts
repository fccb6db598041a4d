import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createTechnician, signIn } from '../../../../tests/helpers/factories';
import { startPushStandIn, type TestSubscription } from '../../../../tests/helpers/push-stand-in';
import { startSmtpStandIn } from '../../../../tests/helpers/smtp-stand-in';
import { startTwilioStandIn, TWILIO_INVALID_TO } from '../../../../tests/helpers/twilio-stand-in';
import { LOCATIONS } from '@shared/constants/locations';
import type { ServiceType } from '@shared/constants/service-types';
import { jobNotifications, liveStreams, outbox, pushSubscriptions } from '../../db/schema';

/**
 * Reaching technicians with the page closed (ADR 012): push to every device, else (or when the
 * push fails) e-mail and SMS, per the technician's choices and quiet hours; withdrawn when the
 * notification ends.
 */

const bowie = LOCATIONS.find((l) => l.name === 'Bowie, MD')!;

let t: TestApp;
let push: Awaited<ReturnType<typeof startPushStandIn>>;
let smtp: Awaited<ReturnType<typeof startSmtpStandIn>>;

beforeAll(async () => {
  push = await startPushStandIn();
  smtp = await startSmtpStandIn();
  t = await buildTestApp({ config: { smtpUrl: smtp.url } });
});
afterAll(async () => {
  await t.close();
  await push.close();
  await smtp.close();
});

type Tech = { id: number; cookie: string; email: string };

async function tech(specialty: ServiceType, miles = 1): Promise<Tech> {
  const { user, technician } = await createTechnician(t.app, {
    latitude: bowie.latitude + miles / 69.05,
    longitude: bowie.longitude,
    specialties: [specialty],
    plan: 'Professional',
  });
  return { id: technician.id, cookie: await signIn(t.app, user.username!), email: user.email };
}

async function subscribe(x: Tech): Promise<TestSubscription> {
  const sub = push.subscribe();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/push/subscriptions',
    headers: { cookie: x.cookie },
    payload: { endpoint: sub.endpoint, keys: sub.keys, deviceLabel: 'test phone' },
  });
  expect(res.statusCode).toBe(201);
  return sub;
}

async function settings(x: Tech, s: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/technicians/me/notification-settings',
    headers: { cookie: x.cookie },
    payload: {
      push: true,
      email: true,
      sms: false,
      smsPhone: null,
      quietHours: { enabled: false, start: '21:00', end: '07:00' },
      timeZone: 'America/New_York',
      ...s,
    },
  });
  expect(res.statusCode).toBe(200);
}

async function request(serviceType: ServiceType) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/service-requests',
    payload: {
      serviceType,
      description: 'It makes a noise.',
      urgency: 'high',
      location: 'Bowie, MD',
      customerName: 'Pat Doe',
      vehicleInfo: '2019 Ford Focus',
      customerEmail: `pat.${randomUUID().slice(0, 8)}@example.com`,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number };
}

const notificationOf = async (requestId: number, x: Tech) =>
  (
    await t.app.db
      .select()
      .from(jobNotifications)
      .where(
        and(
          eq(jobNotifications.serviceRequestId, requestId),
          eq(jobNotifications.technicianId, x.id),
        ),
      )
  )[0]!;

const messagesFor = (notificationId: number) =>
  t.app.db
    .select()
    .from(outbox)
    .where(like(outbox.idempotencyKey, `%:${notificationId}:%`));

describe('a new job reaches technicians with the page closed', () => {
  it('pushes to every device (standard Web Push: VAPID, aes128gcm) and sends no e-mail', async () => {
    const x = await tech('Engine Repair');
    const phone = await subscribe(x);
    const laptop = await subscribe(x);
    const r = await request('Engine Repair');
    const n = await notificationOf(r.id, x);
    const queued = await messagesFor(n.id);
    expect(queued.map((m) => m.channel).sort()).toEqual(['push', 'push']);
    await t.app.outbox.drain();
    expect(push.rejected).toEqual([]);
    for (const device of [phone, laptop]) {
      const [got] = push.for(device);
      expect(got?.message).toMatchObject({
        kind: 'job',
        tag: `job-${n.id}`,
        notificationId: n.id,
        title: 'New job: Engine Repair',
        url: `/technician-notifications?notification=${n.id}`,
        serviceType: 'Engine Repair',
        urgency: 'high',
        deadline: n.expiresAt.toISOString(),
        acceptUrl: `/api/job-notifications/${n.id}/accept`,
      });
      expect(got?.message.body).toMatch(/Bowie, MD · 1\.0 miles away · High - ASAP · respond by/);
      expect(got?.message.distanceMiles).toBeCloseTo(1, 1);
      expect(got?.urgency).toBe('high');
      expect(got?.topic).toBe(`job-${n.id}`);
      expect(got?.ttl).toBeGreaterThan(280);
      expect(got?.ttl).toBeLessThanOrEqual(300);
    }
    expect(smtp.received.filter((m) => m.to.includes(x.email))).toEqual([]);
  });

  it('e-mails at once a technician with no live stream and no push subscription; SMS when chosen', async () => {
    const x = await tech('Oil Change');
    await settings(x, { sms: true, smsPhone: '202-555-0143' });
    const r = await request('Oil Change');
    const n = await notificationOf(r.id, x);
    const queued = await messagesFor(n.id);
    const email = queued.find((m) => m.channel === 'email')!;
    const sms = queued.find((m) => m.channel === 'sms')!;
    expect(email).toMatchObject({ toAddress: x.email, template: 'new_job', status: 'queued' });
    expect(email.subject).toMatch(
      /^New Oil Change job in Bowie, MD: respond by \d{1,2}:\d{2} [AP]M E[SD]T$/,
    );
    expect(email.textBody).toContain(`/technician-notifications?notification=${n.id}`);
    // The default SMS provider keeps text messages in the outbox (shown in /dev/mailbox).
    expect(sms).toMatchObject({ toAddress: '+12025550143', status: 'held' });
    expect(sms.textBody).toMatch(
      /^Wrenchly: new Oil Change job in Bowie, MD \(1\.0 mi\), High - ASAP\. Respond by .+: http/,
    );
    await t.app.outbox.drain();
    const got = smtp.received.filter((m) => m.to.includes(x.email));
    expect(got).toHaveLength(1);
    expect(got[0]!.data).toContain('Subject: New Oil Change job in Bowie, MD');
  });

  it('sends nothing out of band to a technician whose notifications page is open', async () => {
    const x = await tech('Transmission');
    await t.app.db
      .insert(liveStreams)
      .values({ id: randomUUID(), technicianId: x.id, seenAt: t.clock.now });
    const r = await request('Transmission');
    const n = await notificationOf(r.id, x);
    expect(await messagesFor(n.id)).toEqual([]);
  });

  it('a stream not seen for over a minute does not count as open', async () => {
    const x = await tech('Electrical');
    await t.app.db.insert(liveStreams).values({
      id: randomUUID(),
      technicianId: x.id,
      seenAt: new Date(t.clock.now.getTime() - 61_000),
    });
    const r = await request('Electrical');
    const n = await notificationOf(r.id, x);
    expect((await messagesFor(n.id)).map((m) => m.channel)).toEqual(['email']);
  });

  it('a push answered 410 removes the subscription and e-mails instead, at once', async () => {
    const x = await tech('AC Repair');
    const stale = await subscribe(x);
    push.gone(stale);
    const r = await request('AC Repair');
    const n = await notificationOf(r.id, x);
    await t.app.outbox.drain();
    expect(
      await t.app.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, stale.endpoint)),
    ).toEqual([]);
    const msgs = await messagesFor(n.id);
    expect(msgs.find((m) => m.channel === 'push')).toMatchObject({ status: 'canceled' });
    expect(msgs.find((m) => m.channel === 'email')).toMatchObject({ status: 'sent' });
    expect(smtp.received.filter((m) => m.to.includes(x.email))).toHaveLength(1);
  });

  it('a push service error retries the push and e-mails at once; a push that arrived on another device does not', async () => {
    const x = await tech('Suspension');
    const broken = await subscribe(x);
    push.fail(broken, 503);
    const r = await request('Suspension');
    const n = await notificationOf(r.id, x);
    await t.app.outbox.drain();
    const msgs = await messagesFor(n.id);
    expect(msgs.find((m) => m.channel === 'push')).toMatchObject({ status: 'queued', attempts: 1 });
    expect(msgs.find((m) => m.channel === 'email')).toMatchObject({ status: 'sent' });

    const y = await tech('Diagnostics');
    const good = await subscribe(y);
    const bad = await subscribe(y);
    push.fail(bad, 500);
    // The good device answers last: the failure must not e-mail while it is still on its way.
    push.slow(good, 300);
    const r2 = await request('Diagnostics');
    const n2 = await notificationOf(r2.id, y);
    await t.app.outbox.drain();
    expect(push.for(good)).toHaveLength(1);
    expect((await messagesFor(n2.id)).filter((m) => m.channel === 'email')).toEqual([]);
  });

  it('keeps quiet hours and the channels the technician chose', async () => {
    const quiet = await tech('General Maintenance', 1);
    await subscribe(quiet);
    // Quiet all day but one minute: the current minute is inside.
    const hhmm = (d: Date) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'America/New_York',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(d);
    await settings(quiet, {
      sms: true,
      smsPhone: '2025550144',
      quietHours: {
        enabled: true,
        start: hhmm(t.clock.now),
        end: hhmm(new Date(t.clock.now.getTime() - 60_000)),
      },
    });
    const noPush = await tech('General Maintenance', 2);
    await subscribe(noPush);
    await settings(noPush, { push: false });
    const nothing = await tech('General Maintenance', 3);
    await settings(nothing, { push: false, email: false });
    const r = await request('General Maintenance');
    expect(await messagesFor((await notificationOf(r.id, quiet)).id)).toEqual([]);
    expect(
      (await messagesFor((await notificationOf(r.id, noPush)).id)).map((m) => m.channel),
    ).toEqual(['email']);
    expect(await messagesFor((await notificationOf(r.id, nothing)).id)).toEqual([]);
  });
});

describe('when the notification ends', () => {
  it('replaces the pushes (same tag) and cancels e-mails not yet sent', async () => {
    const winner = await tech('Brake Service', 1);
    const winnerOther = await subscribe(winner);
    const loser = await tech('Brake Service', 2);
    const loserPhone = await subscribe(loser);
    const emailOnly = await tech('Brake Service', 3);
    const r = await request('Brake Service');
    const [nw, nl, ne] = await Promise.all(
      [winner, loser, emailOnly].map((x) => notificationOf(r.id, x)),
    );
    // The pushes go out; the e-mail is still waiting when the job is taken.
    const pending = await messagesFor(ne!.id);
    expect(pending.map((m) => m.status)).toEqual(['queued']);
    await t.app.db
      .update(outbox)
      .set({ availableAt: new Date(t.clock.now.getTime() + 60_000) })
      .where(eq(outbox.id, pending[0]!.id));
    await t.app.outbox.drain();
    expect(push.for(loserPhone)).toHaveLength(1);

    const accepted = await t.app.inject({
      method: 'PATCH',
      url: `/api/job-notifications/${nw!.id}/accept`,
      headers: { cookie: winner.cookie },
    });
    expect(accepted.statusCode).toBe(200);
    expect((await messagesFor(ne!.id))[0]).toMatchObject({ status: 'canceled' });
    await t.app.outbox.drain();
    const [, withdrawn] = push.for(loserPhone);
    expect(withdrawn?.message).toMatchObject({
      kind: 'withdraw',
      tag: `job-${nl!.id}`,
      body: 'Another technician accepted this job.',
    });
    expect(withdrawn?.topic).toBe(`job-${nl!.id}`);
    // The winner's other device: the push turns into what happened.
    expect(push.for(winnerOther).map((p) => p.message.kind)).toEqual(['job', 'withdraw']);
    expect(push.for(winnerOther)[1]!.message).toMatchObject({
      body: 'You accepted this job.',
      url: '/my-jobs',
    });
    // The customer's 'accepted' e-mail went through the outbox with the accept.
    expect(
      await t.app.db
        .select()
        .from(outbox)
        .where(eq(outbox.idempotencyKey, `job_accepted:${nw!.id}`)),
    ).toHaveLength(1);
  });

  it('an expired notification is withdrawn too, and a late push is not sent', async () => {
    const x = await tech('Brake Service', 20);
    const device = await subscribe(x);
    const r = await request('Brake Service');
    const n = await notificationOf(r.id, x);
    expect(n).toBeDefined();
    t.clock.advance(5 * 60_000 + 1000);
    await t.app.dispatch.sweep();
    await t.app.outbox.drain();
    expect(push.for(device)).toEqual([]);
    expect((await messagesFor(n.id)).find((m) => m.template === 'new_job')).toMatchObject({
      status: 'canceled',
    });
  });
});

describe('SMS through Twilio', () => {
  it('sends through the official SDK to a stand-in of its API; an invalid number fails without retry', async () => {
    const twilio = await startTwilioStandIn();
    const app = await buildTestApp({
      config: {
        sms: {
          provider: 'twilio',
          twilio: {
            accountSid: twilio.accountSid,
            authToken: twilio.token,
            from: '+12025550100',
            baseUrl: twilio.baseUrl,
          },
        },
      },
    });
    try {
      const ids = await app.app.outbox.enqueue(app.app.db, [
        {
          channel: 'sms',
          to: '+12025550145',
          subject: 's',
          text: 'Wrenchly: hello',
          template: 't',
        },
        { channel: 'sms', to: TWILIO_INVALID_TO, subject: 's', text: 'nope', template: 't' },
      ]);
      expect(await app.app.outbox.drain()).toBe(2);
      expect(twilio.messages).toEqual([
        expect.objectContaining({
          to: '+12025550145',
          from: '+12025550100',
          body: 'Wrenchly: hello',
        }),
      ]);
      const rows = await app.app.db.select().from(outbox).where(eq(outbox.channel, 'sms'));
      expect(rows.find((m) => m.id === ids[0])).toMatchObject({ status: 'sent' });
      const bad = rows.find((m) => m.id === ids[1])!;
      expect(bad).toMatchObject({ status: 'failed', attempts: 1 });
      expect(bad.lastError).toMatch(/not a valid phone number/);
      twilio.failWith(503);
      await app.app.outbox.enqueue(app.app.db, {
        channel: 'sms',
        to: '+12025550146',
        subject: 's',
        text: 'later',
        template: 't2',
      });
      await app.app.outbox.drain();
      const [later] = await app.app.db.select().from(outbox).where(eq(outbox.template, 't2'));
      expect(later).toMatchObject({ status: 'queued', attempts: 1 });
    } finally {
      await app.close();
      await twilio.close();
    }
  });
});
