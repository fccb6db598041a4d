import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createTechnician, createUser, signIn } from '../../../../tests/helpers/factories';
import { LOCATIONS } from '@shared/constants/locations';
import { formatReference } from '@shared/service-request-rules';
import { fromServiceInput, serviceClock } from '@shared/service-time';
import { jobNotifications, serviceRequests } from '../../db/schema';

// Working hours, time off and free windows (ADR 043), and what they do to a request: windows
// picked on the form, booked on acceptance, never two bookings of one technician's time.

const bowie = LOCATIONS.find((l) => l.name === 'Bowie, MD')!;
let t: TestApp;
type Tech = { id: number; cookie: string };
let tech: Tech;
let customerCookie: string;

/** 'YYYY-MM-DD' of the next Sunday on the service area's calendar, at least a day ahead. */
function nextSunday(): string {
  let at = Date.now() + 86_400_000;
  for (;;) {
    const c = serviceClock(new Date(at));
    const day = `${c.year}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`;
    if (new Date(`${day}T12:00:00Z`).getUTCDay() === 0) return day;
    at += 86_400_000;
  }
}
const SUNDAY = nextSunday();
/** The date `n` days after that Sunday. */
const day = (n: number) => {
  const d = new Date(`${SUNDAY}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};
/** A moment on the service area's clock: `at(1, '08:00')` is Monday 8 AM there. */
const at = (n: number, hhmm: string) => fromServiceInput(`${day(n)}T${hhmm}`)!;
const window = (n: number, hhmm: string) => {
  const start = at(n, hhmm);
  return { start: start.toISOString(), end: new Date(start.getTime() + 7_200_000).toISOString() };
};

async function newTech(opts: Parameters<typeof createTechnician>[1] = {}): Promise<Tech> {
  const { user, technician } = await createTechnician(t.app, {
    location: bowie,
    specialties: ['Brake Service'],
    plan: 'Professional',
    ...opts,
  });
  return { id: technician.id, cookie: await signIn(t.app, user.username!) };
}

beforeAll(async () => {
  t = await buildTestApp();
  // Sunday 10 AM on the service area's clock: the week ahead is open.
  t.clock.set(at(0, '10:00'));
  tech = await newTech();
  const customer = await createUser(t.app, { role: 'customer' });
  customerCookie = await signIn(t.app, customer.username!);
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const send = (method: 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie }, payload });
const starts = (body: { windows: { start: string }[] }) => body.windows.map((w) => w.start);

const WEEK = {
  hours: [
    null,
    { start: '08:00', end: '12:00' },
    { start: '08:00', end: '12:00' },
    null,
    null,
    null,
    null,
  ],
  travelBufferMinutes: 0,
  maxJobsPerDay: 4,
};

describe('working week', () => {
  it('starts as the default week and keeps the one saved', async () => {
    const before = (await get('/api/availability/schedule', tech.cookie)).json();
    expect(before).toMatchObject({ isDefault: true, timeZone: 'America/New_York' });
    expect(before.hours[0]).toBeNull();
    expect(before.hours[1]).toEqual({ start: '08:00', end: '18:00' });

    const other = await newTech();
    const saved = await send('PUT', '/api/availability/schedule', other.cookie, WEEK);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ ...WEEK, isDefault: false });
    expect((await get('/api/availability/schedule', other.cookie)).json().hours).toEqual(
      WEEK.hours,
    );
  });

  it('refuses a week that is not one, with its reason', async () => {
    const cases: [object, RegExp][] = [
      [{ ...WEEK, hours: WEEK.hours.slice(1) }, /all seven days/],
      [
        { ...WEEK, hours: [null, { start: '12:00', end: '08:00' }, ...WEEK.hours.slice(2)] },
        /end after it starts/,
      ],
      [
        { ...WEEK, hours: [null, { start: '08:00', end: '09:00' }, ...WEEK.hours.slice(2)] },
        /at least two hours/,
      ],
      [
        { ...WEEK, hours: [null, { start: '8am', end: '12:00' }, ...WEEK.hours.slice(2)] },
        /on the hour or half hour/,
      ],
      [{ ...WEEK, travelBufferMinutes: 500 }, /0 to 240 minutes/],
      [{ ...WEEK, maxJobsPerDay: 0 }, /1 to 12/],
    ];
    for (const [body, message] of cases) {
      const res = await send('PUT', '/api/availability/schedule', tech.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('is a technician’s own: 401 signed out, 403 for a customer', async () => {
    expect((await get('/api/availability/schedule')).statusCode).toBe(401);
    expect((await get('/api/availability/schedule', customerCookie)).statusCode).toBe(403);
    expect((await send('PUT', '/api/availability/schedule', customerCookie, WEEK)).statusCode).toBe(
      403,
    );
  });
});

describe('free windows', () => {
  let x: Tech;
  beforeEach(async () => {
    x = await newTech();
    await send('PUT', '/api/availability/schedule', x.cookie, WEEK);
  });
  const windowsOf = async (id: number, query = '') => {
    const res = await get(`/api/technicians/${id}/availability${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  it('are the two-hour windows of the working hours, on the service area’s clock', async () => {
    const body = await windowsOf(x.id);
    expect(body.timeZone).toBe('America/New_York');
    expect(starts(body)).toEqual([
      at(1, '08:00').toISOString(),
      at(1, '10:00').toISOString(),
      at(2, '08:00').toISOString(),
      at(2, '10:00').toISOString(),
    ]);
    expect(body.windows[0].end).toBe(at(1, '10:00').toISOString());
    // Windows only: nothing about jobs.
    expect(Object.keys(body.windows[0]).sort()).toEqual(['end', 'start']);
  });

  it('leave out time off, and come back when it is removed', async () => {
    const off = await send('POST', '/api/availability/time-off', x.cookie, {
      startsAt: at(1, '09:00').toISOString(),
      endsAt: at(1, '23:00').toISOString(),
      note: 'Dentist',
    });
    expect(off.statusCode).toBe(201);
    expect(starts(await windowsOf(x.id))).toEqual([
      at(2, '08:00').toISOString(),
      at(2, '10:00').toISOString(),
    ]);
    const list = (await get('/api/availability/time-off', x.cookie)).json();
    expect(list).toEqual([expect.objectContaining({ id: off.json().id, note: 'Dentist' })]);
    // Another technician's time off is not theirs to remove.
    expect(
      (await send('DELETE', `/api/availability/time-off/${off.json().id}`, tech.cookie)).statusCode,
    ).toBe(404);
    expect(
      (await send('DELETE', `/api/availability/time-off/${off.json().id}`, x.cookie)).statusCode,
    ).toBe(200);
    expect(await windowsOf(x.id)).toMatchObject({ windows: { length: 4 } });
  });

  it('refuses time off that is not a range ahead', async () => {
    const cases: [object, RegExp][] = [
      [
        { startsAt: at(1, '10:00').toISOString(), endsAt: at(1, '09:00').toISOString() },
        /end after it starts/,
      ],
      [
        { startsAt: at(-3, '10:00').toISOString(), endsAt: at(-2, '09:00').toISOString() },
        /end in the future/,
      ],
      [{ startsAt: 'monday', endsAt: at(1, '09:00').toISOString() }, /date and time/],
      [
        { startsAt: at(1, '10:00').toISOString(), endsAt: at(120, '09:00').toISOString() },
        /at most 90 days/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await send('POST', '/api/availability/time-off', x.cookie, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('leave out a booked window with its travel buffer, and a day at its jobs limit', async () => {
    await send('PUT', '/api/availability/schedule', x.cookie, {
      ...WEEK,
      travelBufferMinutes: 30,
      maxJobsPerDay: 1,
    });
    const customer = await createUser(t.app, { role: 'customer' });
    // A confirmed job Monday 8–10: the 10–12 window is within its buffer, and Monday is full.
    await t.app.db.insert(serviceRequests).values({
      customerId: customer.id,
      serviceType: 'Brake Service',
      description: 'Brakes grind when stopping.',
      location: 'Bowie, MD',
      status: 'scheduled',
      assignedTechnicianId: x.id,
      windowStart: at(1, '08:00'),
      windowEnd: at(1, '10:00'),
      windowConfirmedAt: at(0, '09:00'),
    });
    expect(starts(await windowsOf(x.id))).toEqual([
      at(2, '08:00').toISOString(),
      at(2, '10:00').toISOString(),
    ]);
  });

  it('start an hour from now at the soonest, within the range asked', async () => {
    t.clock.set(at(1, '07:30'));
    try {
      expect(
        starts(await windowsOf(x.id, `?to=${encodeURIComponent(at(2, '00:00').toISOString())}`)),
      ).toEqual([at(1, '10:00').toISOString()]);
    } finally {
      t.clock.set(at(0, '10:00'));
    }
  });

  it('answer 404 for a technician not listed and 400 for a range too wide', async () => {
    const pending = await newTech({ status: 'pending' });
    expect((await get(`/api/technicians/${pending.id}/availability`)).statusCode).toBe(404);
    expect((await get('/api/technicians/99999999/availability')).statusCode).toBe(404);
    expect((await get('/api/technicians/abc/availability')).statusCode).toBe(400);
    const wide = await get(
      `/api/technicians/${x.id}/availability?from=${encodeURIComponent(at(1, '00:00').toISOString())}&to=${encodeURIComponent(at(30, '00:00').toISOString())}`,
    );
    expect(wide.statusCode).toBe(400);
    expect(wide.json().message).toMatch(/at most 14 days/);
  });

  it('near a place: the windows of qualified technicians nearby, with how many are free', async () => {
    const res = await get('/api/availability?serviceType=Brake%20Service&location=Bowie%2C%20MD');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.technicians).toBeGreaterThanOrEqual(2);
    const monday8 = body.windows.find(
      (w: { start: string }) => w.start === at(1, '08:00').toISOString(),
    );
    // Everyone here works Monday 8–10 (the default week or WEEK), unless booked.
    expect(monday8.technicians).toBeGreaterThanOrEqual(2);
    // Saturday is in the default week only.
    const saturday = body.windows.find(
      (w: { start: string }) => w.start === at(6, '08:00').toISOString(),
    );
    expect(saturday?.technicians).toBeGreaterThanOrEqual(1);
    expect(
      (await get('/api/availability?serviceType=Brake%20Service&location=Paris')).statusCode,
    ).toBe(400);
    expect((await get('/api/availability?serviceType=Knitting&location=Bowie')).statusCode).toBe(
      400,
    );
  });
});

describe('windows picked on a request', () => {
  async function requestWith(windows: object[] | undefined, preferredTechnicianId?: number) {
    return t.app.inject({
      method: 'POST',
      url: '/api/service-requests',
      headers: { cookie: customerCookie },
      payload: {
        serviceType: 'Brake Service',
        description: 'Brakes grind when stopping.',
        location: 'Bowie, MD',
        customerName: 'Pat Doe',
        vehicleInfo: '2019 Ford Focus',
        requestedWindows: windows,
        ...(preferredTechnicianId ? { preferredTechnicianId } : {}),
      },
    });
  }
  const pendingOffer = async (requestId: number, technicianId: number) =>
    (
      await t.app.db
        .select()
        .from(jobNotifications)
        .where(eq(jobNotifications.serviceRequestId, requestId))
    ).find((n) => n.technicianId === technicianId)!;
  const accept = (x: Tech, notificationId: number) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/job-notifications/${notificationId}/accept`,
      headers: { cookie: x.cookie },
    });

  it('refuses windows that are not two hours ahead, within 14 days, at most three', async () => {
    const cases: [object[], RegExp][] = [
      [
        [{ start: at(0, '10:30').toISOString(), end: at(0, '12:30').toISOString() }],
        /at least 60 minutes from now/,
      ],
      [[window(20, '08:00')], /within 14 days/],
      [
        [{ start: at(1, '08:00').toISOString(), end: at(1, '09:00').toISOString() }],
        /two hours long/,
      ],
      [
        [window(1, '08:00'), window(1, '10:00'), window(2, '08:00'), window(2, '10:00')],
        /at most 3/,
      ],
      [[window(1, '08:00'), window(1, '08:00')], /once/],
    ];
    for (const [windows, message] of cases) {
      const res = await requestWith(windows);
      expect(res.statusCode, JSON.stringify(windows)).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });

  it('books the first picked window the technician is free in when they accept', async () => {
    const x = await newTech({ latitude: bowie.latitude + 0.3 });
    await send('PUT', '/api/availability/schedule', x.cookie, WEEK);
    // Already booked Monday 8–10.
    const customer = await createUser(t.app, { role: 'customer' });
    await t.app.db.insert(serviceRequests).values({
      customerId: customer.id,
      serviceType: 'Brake Service',
      description: 'Another job',
      location: 'Bowie, MD',
      status: 'scheduled',
      assignedTechnicianId: x.id,
      windowStart: at(1, '08:00'),
      windowEnd: at(1, '10:00'),
      windowConfirmedAt: at(0, '09:00'),
    });
    const res = await requestWith([window(2, '08:00'), window(1, '08:00')], x.id);
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json();
    const [row] = await t.app.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
    // Stored earliest first.
    expect(row!.requestedWindows).toEqual([window(1, '08:00'), window(2, '08:00')]);
    const offer = await pendingOffer(id, x.id);
    expect(
      (await get(`/api/job-notifications/technician/${x.id}`, x.cookie)).json()[0].serviceRequest
        .requestedWindows,
    ).toEqual(row!.requestedWindows);

    const accepted = await accept(x, offer.id);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [after] = await t.app.db.select().from(serviceRequests).where(eq(serviceRequests.id, id));
    expect(after).toMatchObject({
      status: 'scheduled',
      assignedTechnicianId: x.id,
      windowStart: at(2, '08:00'),
      windowEnd: at(2, '10:00'),
    });
    expect(after!.windowConfirmedAt).not.toBeNull();
    // The window is gone from their free windows.
    const free = (await get(`/api/technicians/${x.id}/availability`)).json();
    expect(starts(free)).not.toContain(at(2, '08:00').toISOString());
  });

  it('refuses an accept in none of the windows, and the offer stays open', async () => {
    const x = await newTech({ latitude: bowie.latitude + 0.31 });
    await send('PUT', '/api/availability/schedule', x.cookie, WEEK);
    // Wednesday is not one of their working days.
    const res = await requestWith([window(3, '08:00')], x.id);
    const offer = await pendingOffer(res.json().id, x.id);
    const refused = await accept(x, offer.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/outside your working hours/);
    expect((await pendingOffer(res.json().id, x.id)).status).toBe('pending');
  });

  it('a window the technician proposes is theirs to choose; the platform books around it', async () => {
    const x = await newTech({ latitude: bowie.latitude + 0.32 });
    const first = (await requestWith([window(1, '10:00')], x.id)).json();
    expect((await accept(x, (await pendingOffer(first.id, x.id)).id)).statusCode).toBe(200);
    const second = (await requestWith(undefined, x.id)).json();
    expect((await accept(x, (await pendingOffer(second.id, x.id)).id)).statusCode).toBe(200);
    // Two cars at one address, say: their own proposal may overlap the booked window.
    const propose = await t.app.inject({
      method: 'POST',
      url: `/api/service-requests/${formatReference(second.id)}/moves`,
      headers: { cookie: x.cookie },
      payload: {
        move: 'propose_window',
        windowStart: at(1, '11:00').toISOString(),
        windowEnd: at(1, '13:00').toISOString(),
      },
    });
    expect(propose.statusCode, propose.body).toBe(200);
    // The platform does not book them there again: a third request picking 10–12 is refused.
    const third = (await requestWith([window(1, '10:00')], x.id)).json();
    const refused = await accept(x, (await pendingOffer(third.id, x.id)).id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/already have a job booked in that arrival window/);
  });
});

describe('one booking of a technician’s time (the database’s constraint)', () => {
  it('refuses two windows the platform booked for one technician that overlap, whoever writes them', async () => {
    const x = await newTech({ latitude: bowie.latitude + 0.4 });
    const customer = await createUser(t.app, { role: 'customer' });
    const job = (start: Date, end: Date) =>
      t.app.db.insert(serviceRequests).values({
        customerId: customer.id,
        serviceType: 'Brake Service',
        description: 'A job',
        location: 'Bowie, MD',
        status: 'scheduled',
        assignedTechnicianId: x.id,
        windowStart: start,
        windowEnd: end,
        windowConfirmedAt: at(0, '09:00'),
        windowBooked: true,
      });
    await job(at(4, '08:00'), at(4, '10:00'));
    await expect(job(at(4, '09:00'), at(4, '11:00'))).rejects.toMatchObject({
      cause: expect.objectContaining({ code: '23P01' }),
    });
    // Back to back is fine; so is a window the technician chose, or a finished job's.
    await job(at(4, '10:00'), at(4, '12:00'));
    await t.app.db.insert(serviceRequests).values({
      customerId: customer.id,
      serviceType: 'Brake Service',
      description: 'Their own choice',
      location: 'Bowie, MD',
      status: 'scheduled',
      assignedTechnicianId: x.id,
      windowStart: at(4, '08:00'),
      windowEnd: at(4, '10:00'),
      windowConfirmedAt: at(0, '09:00'),
    });
    await t.app.db.insert(serviceRequests).values({
      customerId: customer.id,
      serviceType: 'Brake Service',
      description: 'Proposed only',
      location: 'Bowie, MD',
      status: 'accepted',
      assignedTechnicianId: x.id,
      windowStart: at(4, '08:30'),
      windowEnd: at(4, '09:30'),
    });
  });
});
