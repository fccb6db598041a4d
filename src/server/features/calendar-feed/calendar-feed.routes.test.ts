import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createTechnician, createUser, signIn } from '../../../../tests/helpers/factories';
import { LOCATIONS } from '@shared/constants/locations';
import { serviceRequests } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-29T15:00:00Z'));
});
afterAll(() => t.close());

const bowie = LOCATIONS.find((l) => l.name === 'Bowie, MD')!;

async function job(technicianId: number, customerId: number, start: string, confirmed: boolean) {
  const [r] = await t.app.db
    .insert(serviceRequests)
    .values({
      customerId,
      serviceType: 'Brake Service',
      description: 'Grinding noise when braking',
      location: bowie.name,
      latitude: bowie.latitude,
      longitude: bowie.longitude,
      status: confirmed ? 'scheduled' : 'accepted',
      assignedTechnicianId: technicianId,
      windowStart: new Date(start),
      windowEnd: new Date(new Date(start).getTime() + 2 * 3600_000),
      windowConfirmedAt: confirmed ? new Date('2026-11-28T12:00:00Z') : null,
    })
    .returning();
  return r!;
}

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

describe('the calendar feed', () => {
  it('gives a technician a private webcal feed of their windows in New York time, which a reset revokes', async () => {
    const { user, technician } = await createTechnician(t.app);
    const cookie = await signIn(t.app, user.username!);
    const customer = await createUser(t.app);
    const other = await createTechnician(t.app);
    // Tuesday 9–11 AM in New York, confirmed; a proposed one on Thursday; another technician's.
    const tuesday = await job(technician.id, customer.id, '2026-12-01T14:00:00Z', true);
    const thursday = await job(technician.id, customer.id, '2026-12-03T19:00:00Z', false);
    await job(other.technician.id, customer.id, '2026-12-01T14:00:00Z', true);

    const res = await get('/api/calendar-feed', cookie);
    expect(res.statusCode, res.body).toBe(200);
    const { url, httpUrl } = res.json<{ url: string; httpUrl: string }>();
    expect(url).toMatch(new RegExp(`^webcal://.+/calendar/${technician.id}-[\\w-]{43}\\.ics$`));
    expect(httpUrl).toBe(url.replace(/^webcal:/, new URL(httpUrl).protocol));
    // The same URL every time, until reset.
    expect((await get('/api/calendar-feed', cookie)).json().url).toBe(url);

    const path = new URL(httpUrl).pathname;
    const feed = await get(path);
    expect(feed.statusCode, feed.body).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.summary)).toEqual([
      `Brake Service · WR-${String(tuesday.id).padStart(6, '0')}`,
      `Brake Service · WR-${String(thursday.id).padStart(6, '0')} (proposed)`,
    ]);
    // 9:00 in New York, said with its zone (the file's own VTIMEZONE); the UTC moment is the window's.
    const first = events[0]!;
    const start = first.component.getFirstProperty('dtstart')!;
    expect(start.getParameter('tzid')).toBe('America/New_York');
    const zone = new ICAL.Timezone(calendar.getFirstSubcomponent('vtimezone')!);
    const time = start.getFirstValue() as ICAL.Time;
    expect(time.hour).toBe(9);
    time.zone = zone;
    expect(time.toJSDate().toISOString()).toBe('2026-12-01T14:00:00.000Z');
    expect(first.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    expect(events[1]!.component.getFirstPropertyValue('status')).toBe('TENTATIVE');
    expect(feed.body).toContain('BEGIN:VTIMEZONE');

    // Reset: a new URL; the old one is gone.
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/calendar-feed/reset',
      headers: { cookie },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json().url).not.toBe(url);
    expect((await get(path)).statusCode).toBe(404);
    expect((await get(new URL(reset.json().httpUrl).pathname)).statusCode).toBe(200);
  });

  it('answers 404 for a made-up or altered feed, and the URL to technicians only', async () => {
    const { technician } = await createTechnician(t.app);
    for (const file of [
      `${technician.id}-${'A'.repeat(43)}.ics`,
      'nope.ics',
      `${technician.id}.ics`,
      `99999999999-${'A'.repeat(43)}.ics`,
    ])
      expect((await get(`/calendar/${file}`)).statusCode, file).toBe(404);
    expect((await get('/api/calendar-feed')).statusCode).toBe(401);
    const customer = await createUser(t.app);
    expect(
      (await get('/api/calendar-feed', await signIn(t.app, customer.username!))).statusCode,
    ).toBe(403);
  });
});
