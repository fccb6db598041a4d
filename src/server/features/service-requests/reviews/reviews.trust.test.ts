import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../tests/helpers/build-test-app';
import { createTechnician, createUser, signIn } from '../../../../../tests/helpers/factories';
import { LOCATIONS } from '@shared/constants/locations';
import { formatReference } from '@shared/service-request-rules';
import {
  jobNotifications,
  outbox,
  reviews,
  serviceRequests,
  technicians,
  users,
} from '../../../db/schema';
import { requestLinkToken } from '../../../domain/request-links';
import { NOT_A_CUSTOMER_REQUEST, OWN_JOB, REVIEW_BY_EMAILED_LINK } from '../../../domain/reviews';

/**
 * Reviews that cannot be gamed (ADR 025): only the job's customer reviews, proven by their
 * account or the link e-mailed to the request's address, never the technician who did the job.
 */
const bowie = LOCATIONS.find((l) => l.name === 'Bowie, MD')!;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  url: string,
  cookie?: string,
  payload?: object,
) =>
  t.app.inject({ method, url, headers: cookie ? { cookie } : {}, ...(payload ? { payload } : {}) });

async function tech(phone?: string) {
  const { user, technician } = await createTechnician(t.app, {
    location: bowie,
    plan: 'Professional',
    specialties: ['Brake Service'],
  });
  if (phone) await t.app.db.update(users).set({ phone }).where(eq(users.id, user.id));
  return { id: technician.id, email: user.email, cookie: await signIn(t.app, user.username!) };
}

const ratingOf = async (id: number) =>
  (
    await t.app.db
      .select({ rating: technicians.rating, totalReviews: technicians.totalReviews })
      .from(technicians)
      .where(eq(technicians.id, id))
  )[0]!;

/** Submits a request through the API (from `cookie`'s session, if any). */
async function submit(email: string, cookie?: string, extra: object = {}) {
  const res = await call('POST', '/api/service-requests', cookie, {
    serviceType: 'Brake Service',
    description: 'Squealing brakes at the front.',
    urgency: 'high',
    location: 'Bowie, MD',
    customerName: 'Pat Doe',
    vehicleInfo: '2019 Ford Focus',
    customerEmail: email,
    ...extra,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; reference: string; requestPath: string };
}

/** The technician takes the job and completes it; the window is confirmed with `link`. */
async function workThrough(
  who: { id: number; cookie: string },
  job: { id: number; reference: string },
  link: string,
) {
  const [n] = await t.app.db
    .select()
    .from(jobNotifications)
    .where(
      and(eq(jobNotifications.serviceRequestId, job.id), eq(jobNotifications.technicianId, who.id)),
    );
  expect(n, 'the technician was notified').toBeTruthy();
  const accepted = await call('PATCH', `/api/job-notifications/${n!.id}/accept`, who.cookie);
  expect(accepted.statusCode, accepted.body).toBe(200);
  const moves = `/api/service-requests/${job.reference}/moves`;
  const at = (h: number) => new Date(t.clock.now.getTime() + h * 3600_000).toISOString();
  const step = async (cookie: string | undefined, body: object) => {
    const res = await call('POST', cookie ? moves : `${moves}?t=${link}`, cookie, body);
    expect(res.statusCode, res.body).toBe(200);
  };
  await step(who.cookie, { move: 'propose_window', windowStart: at(20), windowEnd: at(22) });
  await step(undefined, { move: 'confirm_window' });
  await step(who.cookie, { move: 'start_route' });
  await step(who.cookie, { move: 'start_work' });
  await step(who.cookie, { move: 'complete' });
}

const tokenOf = (path: string) => path.split('t=')[1]!;

/** The review link in the last e-mail to `address` about the request. */
async function emailedToken(address: string, reference: string) {
  const mails = await t.app.db.select().from(outbox).where(eq(outbox.toAddress, address));
  const links = mails
    .map((m) => m.textBody.match(new RegExp(`/requests/${reference}\\?t=([\\w-]{43})`))?.[1])
    .filter((x): x is string => !!x);
  expect(links.length, 'an e-mail with the link').toBeGreaterThan(0);
  return links.at(-1)!;
}

const putReview = (reference: string, token: string | undefined, cookie?: string) =>
  call('PUT', `/api/service-requests/${reference}/review${token ? `?t=${token}` : ''}`, cookie, {
    rating: 5,
    comment: 'Best mechanic ever',
  });

describe('a technician reviewing their own job', () => {
  it('is refused (403) for a request submitted from their session, whatever the link', async () => {
    const me = await tech();
    // Near themselves, with an address they read; they get the request's link back.
    const job = await submit('my-other-inbox@example.org', me.cookie);
    await workThrough(me, job, tokenOf(job.requestPath));
    const before = await ratingOf(me.id);

    const own = await putReview(job.reference, tokenOf(job.requestPath));
    expect(own.statusCode, own.body).toBe(403);
    expect(own.json()).toEqual({ message: NOT_A_CUSTOMER_REQUEST });
    // Not even with the e-mailed link.
    const mailed = await putReview(
      job.reference,
      await emailedToken('my-other-inbox@example.org', job.reference),
    );
    expect(mailed.statusCode).toBe(403);
    expect(mailed.json()).toEqual({ message: NOT_A_CUSTOMER_REQUEST });
    expect(await ratingOf(me.id)).toEqual(before);
    expect(
      await t.app.db.select().from(reviews).where(eq(reviews.serviceRequestId, job.id)),
    ).toEqual([]);
    // The job page says why, and offers no form.
    const page = await call(
      'GET',
      `/api/service-requests/${job.reference}?t=${tokenOf(job.requestPath)}`,
    );
    expect(page.json()).toMatchObject({ canReview: false, reviewNote: NOT_A_CUSTOMER_REQUEST });
  });

  it("is refused from an admin's session too", async () => {
    const a = await tech();
    const admin = await createUser(t.app, { role: 'admin' });
    const adminCookie = await signIn(t.app, admin.username!);
    const job = await submit('admin-made@example.org', adminCookie);
    await workThrough(a, job, tokenOf(job.requestPath));
    const res = await putReview(
      job.reference,
      await emailedToken('admin-made@example.org', job.reference),
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: NOT_A_CUSTOMER_REQUEST });
    expect((await ratingOf(a.id)).totalReviews).toBe(0);
  });

  it('is refused (403) as a guest with their own e-mail address or phone number', async () => {
    const me = await tech('(301) 555-0142');
    // Signed out, with the account's address: the e-mailed link proves the address is theirs.
    const byEmail = await submit(me.email.toUpperCase());
    await workThrough(me, byEmail, tokenOf(byEmail.requestPath));
    const res = await putReview(byEmail.reference, await emailedToken(me.email, byEmail.reference));
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ message: OWN_JOB });

    // Another address, the same phone written another way.
    const byPhone = await submit('fresh-inbox@example.org', undefined, {
      customerPhone: '+1 301.555.0142',
    });
    await workThrough(me, byPhone, tokenOf(byPhone.requestPath));
    const phone = await putReview(
      byPhone.reference,
      await emailedToken('fresh-inbox@example.org', byPhone.reference),
    );
    expect(phone.statusCode).toBe(403);
    expect(phone.json()).toEqual({ message: OWN_JOB });
    expect((await ratingOf(me.id)).totalReviews).toBe(0);
  });

  it('is refused (403) as a guest with their own mailbox spelled another way (+tag, Gmail dots)', async () => {
    const me = await tech();
    const [local, domain] = me.email.split('@') as [string, string];
    const tagged = `${local}+rev@${domain}`;
    const byTag = await submit(tagged);
    await workThrough(me, byTag, tokenOf(byTag.requestPath));
    const res = await putReview(byTag.reference, await emailedToken(tagged, byTag.reference));
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ message: OWN_JOB });

    // A Gmail address: its dots and googlemail.com deliver to the same mailbox.
    await t.app.db
      .update(users)
      .set({ email: 'sam.the.mechanic@gmail.com' })
      .where(eq(users.email, me.email));
    const dotted = 'SamTheMechanic+5stars@googlemail.com';
    const byDots = await submit(dotted);
    await workThrough(me, byDots, tokenOf(byDots.requestPath));
    const gmail = await putReview(
      byDots.reference,
      await emailedToken(dotted.toLowerCase(), byDots.reference),
    );
    expect(gmail.statusCode, gmail.body).toBe(403);
    expect(gmail.json()).toEqual({ message: OWN_JOB });
    expect((await ratingOf(me.id)).totalReviews).toBe(0);
    // Out of the next tests' way: dispatch offers a request to the five nearest.
    await t.app.db.update(technicians).set({ isAvailable: false }).where(eq(technicians.id, me.id));
  });

  it("is refused for a customer account with the technician's phone", async () => {
    const a = await tech('240-555-0177');
    const customer = await createUser(t.app, { role: 'customer' });
    await t.app.db.update(users).set({ phone: '2405550177' }).where(eq(users.id, customer.id));
    const cookie = await signIn(t.app, customer.username!);
    const job = await submit(customer.email, cookie);
    await workThrough(a, job, tokenOf(job.requestPath));
    const res = await putReview(job.reference, undefined, cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: OWN_JOB });
  });
});

describe('a guest reviewing', () => {
  it('follows the job with the link they got back, and reviews it with the e-mailed one', async () => {
    const a = await tech();
    const job = await submit('real-guest@example.org');
    const follow = tokenOf(job.requestPath);
    await workThrough(a, job, follow);

    // The link returned to whoever submitted follows the job: it does not review it.
    const page = await call('GET', `/api/service-requests/${job.reference}?t=${follow}`);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toMatchObject({
      viewer: 'customer',
      canReview: false,
      reviewNote: REVIEW_BY_EMAILED_LINK,
    });
    const refused = await putReview(job.reference, follow);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: REVIEW_BY_EMAILED_LINK });
    expect((await ratingOf(a.id)).totalReviews).toBe(0);

    // The link e-mailed to the address proves it: that one reviews.
    const mailed = await emailedToken('real-guest@example.org', job.reference);
    expect(mailed).not.toBe(follow);
    expect(
      (await call('GET', `/api/service-requests/${job.reference}?t=${mailed}`)).json(),
    ).toMatchObject({ canReview: true, reviewNote: null });
    const res = await putReview(job.reference, mailed);
    expect(res.statusCode, res.body).toBe(201);
    expect(await ratingOf(a.id)).toEqual({ rating: '5.00', totalReviews: 1 });
  });

  it('keeps an old link (made before links had kinds) working to follow the job', async () => {
    const customer = await createUser(t.app);
    const [row] = await t.app.db
      .insert(serviceRequests)
      .values({
        customerId: customer.id,
        serviceType: 'Brake Service',
        description: 'Old one',
        location: 'Bowie, MD',
      })
      .returning();
    const old = requestLinkToken(t.app.config.sessionSecret, row!.id);
    const res = await call('GET', `/api/service-requests/${formatReference(row!.id)}?t=${old}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().viewer).toBe('customer');
  });
});
