import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../tests/helpers/build-test-app';
import { createTechnician, createUser, signIn } from '../../../../../tests/helpers/factories';
import { startPushStandIn } from '../../../../../tests/helpers/push-stand-in';
import { LOCATIONS } from '@shared/constants/locations';
import type { ServiceRequestStatus } from '@shared/constants/domain';
import { distanceMiles } from '@shared/geo';
import { formatReference } from '@shared/service-request-rules';
import { formatWindow } from '@shared/service-time';
import { jobNotifications, outbox, serviceRequests } from '../../../db/schema';
import { CITY_MPH } from '@shared/arrival';
import { jobDocumentChanged } from '../../../domain/request-mail';
import { requestLinkToken } from '../../../domain/request-links';

/**
 * What the customer and the technician hear outside the request's page: the customer's opt-in
 * texts (window proposed, on the way with an ETA, invoice), the window's .ics file (download
 * and confirmation e-mail), and the technician's news of the customer's answer.
 */
const hyattsville = LOCATIONS.find((l) => l.name === 'Hyattsville, MD')!;
// Ten miles north of the request: about 24 minutes at city speed.
const base = { latitude: hyattsville.latitude + 10 / 69.05, longitude: hyattsville.longitude };

let t: TestApp;
let push: Awaited<ReturnType<typeof startPushStandIn>>;
let ownerId = 0;
let ownerCookie = '';
let techId = 0;
let techCookie = '';
let techEmail = '';

beforeAll(async () => {
  push = await startPushStandIn();
  t = await buildTestApp();
  const owner = await createUser(t.app, { role: 'customer' });
  ownerId = owner.id;
  ownerCookie = await signIn(t.app, owner.username!);
  const tech = await createTechnician(t.app, { ...base, specialties: ['Oil Change'] });
  techId = tech.technician.id;
  techEmail = tech.user.email;
  techCookie = await signIn(t.app, tech.user.username!);
});
afterAll(async () => {
  await t.close();
  await push.close();
});

/** An assigned request in `status`, texting +12025550142 unless `texts` is false. */
async function job(status: ServiceRequestStatus, texts = true, window = false) {
  const now = t.clock.now;
  const [r] = await t.app.db
    .insert(serviceRequests)
    .values({
      customerId: ownerId,
      serviceType: 'Transmission',
      description: 'It slips between gears.',
      location: hyattsville.name,
      latitude: hyattsville.latitude,
      longitude: hyattsville.longitude,
      contactName: 'Pat Doe',
      contactEmail: 'pat@example.com',
      contactPhone: '(202) 555-0142',
      status,
      dispatchRound: 1,
      assignedTechnicianId: techId,
      assignedAt: now,
      windowStart: window ? new Date('2026-12-01T14:00:00Z') : null,
      windowEnd: window ? new Date('2026-12-01T16:00:00Z') : null,
      windowConfirmedAt: window && status !== 'accepted' ? now : null,
      smsUpdatesPhone: texts ? '+12025550142' : null,
      smsUpdatesConsentAt: texts ? now : null,
    })
    .returning();
  await t.app.db.insert(jobNotifications).values({
    serviceRequestId: r!.id,
    technicianId: techId,
    status: 'accepted',
    expiresAt: new Date(now.getTime() + 300_000),
    respondedAt: now,
  });
  const token = requestLinkToken(t.app.config.sessionSecret, r!.id);
  return { ...r!, reference: formatReference(r!.id), token };
}

const messages = (template: string, channel?: 'sms' | 'email' | 'push') =>
  t.app.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.template, template), ...(channel ? [eq(outbox.channel, channel)] : [])));

function move(reference: string, body: Record<string, unknown>, cookie?: string, token?: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/service-requests/${reference}/moves${token ? `?t=${token}` : ''}`,
    headers: cookie ? { cookie } : {},
    payload: body,
  });
}

const propose = {
  move: 'propose_window',
  windowStart: '2026-12-01T14:00:00.000Z',
  windowEnd: '2026-12-01T16:00:00.000Z',
};

describe('opting in on the request form', () => {
  const form = {
    serviceType: 'Oil Change',
    description: 'Oil change overdue by a few months.',
    urgency: 'low',
    location: hyattsville.name,
    customerName: 'Sam Roe',
    vehicleInfo: '2018 Mazda 3',
    customerEmail: 'sam@example.com',
  };
  const submit = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/service-requests', payload });

  it('stores the number in E.164 with the consent time', async () => {
    const res = await submit({ ...form, customerPhone: '(301) 555-0199', textUpdates: true });
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.id, res.json<{ id: number }>().id));
    expect(row!.smsUpdatesPhone).toBe('+13015550199');
    expect(row!.smsUpdatesConsentAt).toBeInstanceOf(Date);
  });

  it('refuses a number no text reaches, and texts without a number, with a 400', async () => {
    const bad = await submit({ ...form, customerPhone: '12345', textUpdates: true });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toMatch(/Enter a US phone number/);
    const none = await submit({ ...form, textUpdates: true });
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(none.json())).toMatch(/phone number to get text updates/);
  });

  it('without the box, nothing is texted', async () => {
    const res = await submit({ ...form, customerPhone: '(301) 555-0199' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.db
      .select()
      .from(serviceRequests)
      .where(eq(serviceRequests.id, res.json<{ id: number }>().id));
    expect(row!.smsUpdatesConsentAt).toBeNull();
  });
});

describe('texts to the customer', () => {
  it('a proposed window is texted once, in New York time, with the request link', async () => {
    const r = await job('accepted');
    const res = await move(r.reference, propose, techCookie);
    expect(res.statusCode).toBe(200);
    const sms = (await messages('job_window_proposed', 'sms')).filter((m) =>
      m.textBody.includes(r.reference),
    );
    expect(sms).toHaveLength(1);
    expect(sms[0]!.toAddress).toBe('+12025550142');
    expect(sms[0]!.textBody).toContain('Tue, Dec 1, 9:00–11:00 AM EST');
    expect(sms[0]!.textBody).toContain(`/requests/${r.reference}?t=${r.token}`);
    // The same cause again (the same window proposed twice) sends nothing more.
    await move(r.reference, propose, techCookie);
    const again = (await messages('job_window_proposed', 'sms')).filter((m) =>
      m.textBody.includes(r.reference),
    );
    expect(again).toHaveLength(1);
  });

  it('on the way: an ETA from the technician base at city speed', async () => {
    const r = await job('scheduled', true, true);
    // The window's morning, an hour before it starts (9:00 AM New York).
    const real = t.clock.now;
    t.clock.set(new Date('2026-12-01T13:00:00Z'));
    const res = await move(r.reference, { move: 'start_route' }, techCookie);
    t.clock.set(real);
    expect(res.statusCode).toBe(200);
    const [sms] = (await messages('job_en_route', 'sms')).filter((m) =>
      m.textBody.includes(r.reference),
    );
    const minutes = (distanceMiles(base, hyattsville) / CITY_MPH) * 60;
    const expected = Math.max(5, Math.round(minutes / 5) * 5);
    expect(expected).toBe(25);
    expect(sms!.textBody).toContain(`about ${expected} minutes`);
  });

  it("on the way the day before the window: no arrival estimate, the window's time instead", async () => {
    const r = await job('scheduled', true, true);
    const real = t.clock.now;
    t.clock.set(new Date('2026-11-30T20:00:00Z'));
    const res = await move(r.reference, { move: 'start_route' }, techCookie);
    t.clock.set(real);
    expect(res.statusCode).toBe(200);
    const [sms] = (await messages('job_en_route', 'sms')).filter((m) =>
      m.textBody.includes(r.reference),
    );
    expect(sms!.textBody).not.toMatch(/minutes/);
    expect(sms!.textBody).toContain('is on the way for your window Tue, Dec 1, 9:00–11:00 AM EST');
  });

  it('an invoice ready is texted', async () => {
    const r = await job('in_progress');
    await jobDocumentChanged(t.app, t.app.db, r.id, {
      kind: 'invoice',
      id: 987654,
      number: 'INV-TEXT-1',
      total: '120.00',
      paid: '20.00',
      balance: '100.00',
    });
    const [sms] = await messages('job_invoice_ready', 'sms');
    expect(sms!.textBody).toContain('INV-TEXT-1');
    // The balance due, and what the deposit already paid.
    expect(sms!.textBody).toContain('$100.00 due ($20.00 already paid)');
    expect(sms!.textBody).toContain(`/requests/${r.reference}?t=`);
  });

  it('Stop texts: the customer turns them off (and on again); no one else may', async () => {
    const r = await job('scheduled', true, true);
    const put = (payload: Record<string, unknown>, cookie?: string, token?: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/service-requests/${r.reference}/text-updates${token ? `?t=${token}` : ''}`,
        headers: cookie ? { cookie } : {},
        payload,
      });
    expect((await put({ enabled: false }, techCookie)).statusCode).toBe(403);
    expect((await put({ enabled: false })).statusCode).toBe(404);
    expect((await put({ enabled: true, phone: 'call me' }, ownerCookie)).statusCode).toBe(400);
    expect((await put({ enabled: 'yes' }, ownerCookie)).statusCode).toBe(400);
    const off = await put({ enabled: false }, undefined, r.token);
    expect(off.statusCode).toBe(200);
    expect(off.json().textUpdates).toMatchObject({ enabled: false, phone: '+12025550142' });
    await move(r.reference, { move: 'start_route' }, techCookie);
    const sent = (await messages('job_en_route', 'sms')).filter((m) =>
      m.textBody.includes(r.reference),
    );
    expect(sent).toHaveLength(0);
    const on = await put({ enabled: true, phone: '301-555-0123' }, ownerCookie);
    expect(on.statusCode).toBe(200);
    expect(on.json().textUpdates).toMatchObject({ enabled: true, phone: '+13015550123' });
    // The technician's view does not carry the customer's text settings.
    const techView = await t.app.inject({
      method: 'GET',
      url: `/api/service-requests/${r.reference}`,
      headers: { cookie: techCookie },
    });
    expect(techView.json().textUpdates).toBeNull();
  });
});

/** An .ics unfolded into its properties (RFC 5545 §3.1), after checking its lines. */
function parseIcs(text: string) {
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
  const lines = text.replace(/\r\n /g, '').split('\r\n').filter(Boolean);
  const props = lines.map((l) => {
    const i = l.indexOf(':');
    // TEXT values unescaped (§3.3.11).
    const value = l
      .slice(i + 1)
      .replace(/\\([\\;,])/g, '$1')
      .replace(/\\n/gi, '\n');
    return { name: l.slice(0, i), value };
  });
  const get = (name: string) => props.filter((p) => p.name === name).map((p) => p.value);
  return { lines, props, get };
}

describe('the window as a calendar file', () => {
  it('downloads as RFC 5545 in America/New_York for whoever sees the request', async () => {
    const r = await job('scheduled', false, true);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/service-requests/${r.reference}/window.ics?t=${r.token}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    const ics = parseIcs(res.body);
    expect(ics.lines[0]).toBe('BEGIN:VCALENDAR');
    expect(ics.get('VERSION')).toEqual(['2.0']);
    expect(ics.get('METHOD')).toEqual(['PUBLISH']);
    expect(ics.get('PRODID')[0]).toMatch(/Wrenchly/);
    expect(ics.get('TZID')).toEqual(['America/New_York']);
    expect(ics.get('DTSTART;TZID=America/New_York')).toEqual(['20261201T090000']);
    expect(ics.get('DTEND;TZID=America/New_York')).toEqual(['20261201T110000']);
    expect(ics.get('UID')[0]).toBe(`arrival-window-${r.id}@localhost`);
    expect(ics.get('DTSTAMP')[0]).toMatch(/^\d{8}T\d{6}Z$/);
    expect(ics.get('SUMMARY')[0]).toContain(r.reference);
    expect(ics.get('LOCATION')[0]).toBe('Hyattsville, MD');
    expect(ics.get('DESCRIPTION')[0]).toContain(
      formatWindow('2026-12-01T14:00:00Z', '2026-12-01T16:00:00Z'),
    );
    expect(ics.get('DESCRIPTION')[0]).toContain(`/requests/${r.reference}?t=`);
    expect(ics.lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    // The same UID on every download: calendars update the event.
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/service-requests/${r.reference}/window.ics`,
      headers: { cookie: techCookie },
    });
    expect(parseIcs(again.body).get('UID')).toEqual(ics.get('UID'));
    // Without access: as an unknown request.
    const anon = await t.app.inject({
      method: 'GET',
      url: `/api/service-requests/${r.reference}/window.ics`,
    });
    expect(anon.statusCode).toBe(404);
  });

  it('is 404 while no window is confirmed', async () => {
    const r = await job('accepted', false, true);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/service-requests/${r.reference}/window.ics?t=${r.token}`,
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).toMatch(/no confirmed arrival window/);
  });

  it('rides with the confirmation e-mail; the technician hears it by e-mail without a device', async () => {
    const r = await job('accepted', false, true);
    const res = await move(r.reference, { move: 'confirm_window' }, undefined, r.token);
    expect(res.statusCode).toBe(200);
    const [mail] = (await messages('job_window_confirmed', 'email')).filter((m) =>
      m.subject.includes(r.reference),
    );
    const [file] = await t.app.mailAttachments.render(mail!);
    expect(file!.contentType).toMatch(/^text\/calendar/);
    expect(file!.filename).toBe(`${r.reference}-arrival.ics`);
    expect(parseIcs(file!.content.toString('utf8')).get('DTSTART;TZID=America/New_York')).toEqual([
      '20261201T090000',
    ]);
    const told = (await messages('window_confirmed_technician')).filter((m) =>
      m.subject.includes(r.reference),
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.channel).toBe('email');
    expect(told[0]!.toAddress).toBe(techEmail);
    expect(told[0]!.textBody).toContain('Tue, Dec 1, 9:00–11:00 AM EST');
    expect(told[0]!.textBody).toContain('The customer confirmed Tue, Dec 1');
  });
});

describe('the technician hears back', () => {
  it('by push on each device when they have one, not by e-mail', async () => {
    const sub = push.subscribe();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { cookie: techCookie },
      payload: { endpoint: sub.endpoint, keys: sub.keys, deviceLabel: 'test phone' },
    });
    expect(res.statusCode).toBe(201);
    const r = await job('accepted', false, true);
    const declined = await move(
      r.reference,
      { move: 'decline_window', reason: 'I work then' },
      ownerCookie,
    );
    expect(declined.statusCode).toBe(200);
    const told = (await messages('window_declined_technician')).filter((m) =>
      m.subject.includes(r.reference),
    );
    expect(told.map((m) => m.channel)).toEqual(['push']);
    expect(told[0]!.textBody).toContain('I work then');
    const payload = told[0]!.payload as { message: { kind: string; url: string } };
    expect(payload.message).toMatchObject({ kind: 'notice', url: `/my-jobs/${r.reference}` });
  });
});
