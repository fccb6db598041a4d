import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import {
  createTechnician,
  createUser,
  signIn,
  TEST_PASSWORD,
} from '../../../../tests/helpers/factories';
import {
  auditLog,
  outbox,
  payments,
  plans,
  sessions,
  subscriptions,
  technicians,
  users,
} from '../../db/schema';

let t: TestApp;
let adminCookie: string;
let adminId: number;
beforeAll(async () => {
  t = await buildTestApp();
  const admin = await createUser(t.app, { role: 'admin', firstName: 'Ada' });
  adminId = admin.id;
  adminCookie = await signIn(t.app, admin.username!);
});
afterAll(() => t.close());

const as = (cookie: string) => ({
  get: (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } }),
  patch: (url: string, payload: object = {}) =>
    t.app.inject({ method: 'PATCH', url, payload, headers: { cookie } }),
});

describe('admin: users and approvals', () => {
  it('approves a pending technician, who can then use technician APIs; the audit log records it', async () => {
    const { user } = await createTechnician(t.app, { status: 'pending' });
    const techCookie = await signIn(t.app, user.username!);
    const before = await as(techCookie).patch('/api/technicians/me', { hourlyRate: 90 });
    expect(before.statusCode).toBe(403);
    expect(before.json().message).toBe('Account pending approval');

    const queue = (await as(adminCookie).get('/api/admin/pending-approvals')).json();
    expect(queue).toContainEqual(
      expect.objectContaining({ kind: 'registration', id: user.id, email: user.email }),
    );

    const res = await as(adminCookie).patch(`/api/admin/users/${user.id}/approve`);
    expect(res.statusCode).toBe(200);
    const after = await as(techCookie).patch('/api/technicians/me', { hourlyRate: 90 });
    expect(after.statusCode).toBe(200);
    expect(after.json().hourlyRate).toBe('90.00');

    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, String(user.id)));
    expect(entry).toMatchObject({
      actorUserId: adminId,
      action: 'user.approve',
      entityType: 'user',
      details: { from: 'pending', to: 'approved' },
    });
  });

  it('changes a role (which also approves) and persists it', async () => {
    const u = await createUser(t.app, { role: 'customer', status: 'pending' });
    const res = await as(adminCookie).patch(`/api/admin/users/${u.id}/role`, {
      role: 'technician',
    });
    expect(res.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, u.id));
    expect(row).toMatchObject({ role: 'technician', status: 'approved' });
    const [tech] = await t.app.db.select().from(technicians).where(eq(technicians.userId, u.id));
    expect(tech).toBeDefined();
    const bad = await as(adminCookie).patch(`/api/admin/users/${u.id}/role`, { role: 'overlord' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Role must be customer, technician or admin');
    expect(
      (await as(adminCookie).patch('/api/admin/users/999999/role', { role: 'admin' })).statusCode,
    ).toBe(404);
    expect(
      (await as(adminCookie).patch(`/api/admin/users/${adminId}/role`, { role: 'customer' }))
        .statusCode,
    ).toBe(400);
  });

  it('lists users with search and the total', async () => {
    const u = await createUser(t.app, { firstName: 'Zebulon' });
    const res = await as(adminCookie).get('/api/admin/users?search=zebul');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ id: u.id, firstName: 'Zebulon', role: 'customer' }),
    ]);
    expect(res.headers['x-total-count']).toBe('1');
  });
});

describe('admin: registrations awaiting approval', () => {
  const mailTo = async (to: string, template: string) =>
    (await t.app.db.select().from(outbox).where(eq(outbox.toAddress, to))).filter(
      (m) => m.template === template,
    );

  it('rejects a pending registration: status, sessions, audit and an e-mail to the user', async () => {
    const { user } = await createTechnician(t.app, { status: 'pending' });
    const cookie = await signIn(t.app, user.username!);
    const res = await as(adminCookie).patch(`/api/admin/users/${user.id}/reject`, {
      reason: 'We could not confirm your ASE certification.',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Registration rejected' });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.status).toBe('rejected');
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/current-user', headers: { cookie } }))
        .statusCode,
    ).toBe(401);
    const [mail] = await mailTo(user.email, 'registration_rejected');
    expect(mail!.textBody).toContain('We could not confirm your ASE certification.');
    const queue = (await as(adminCookie).get('/api/admin/pending-approvals')).json();
    expect(queue.map((p: { id: number }) => p.id)).not.toContain(user.id);
    const signin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: user.username, password: TEST_PASSWORD },
    });
    expect(signin.statusCode).toBe(403);
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'user.reject'));
    expect(entry).toMatchObject({ actorUserId: adminId, entityId: String(user.id) });
    // Only a registration awaiting approval can be rejected.
    const again = await as(adminCookie).patch(`/api/admin/users/${user.id}/reject`);
    expect(again.statusCode).toBe(409);
    expect((await as(adminCookie).patch('/api/admin/users/999999/reject')).statusCode).toBe(404);
  });

  it('approval e-mails the user', async () => {
    const { user } = await createTechnician(t.app, { status: 'pending' });
    expect((await as(adminCookie).patch(`/api/admin/users/${user.id}/approve`)).statusCode).toBe(
      200,
    );
    expect(await mailTo(user.email, 'registration_approved')).toHaveLength(1);
  });
});

describe('admin: technicians', () => {
  it('suspends and reinstates; a suspended technician is refused and not listed', async () => {
    const { user, technician } = await createTechnician(t.app);
    const cookie = await signIn(t.app, user.username!);
    expect(
      (
        await as(adminCookie).patch(`/api/admin/technicians/${technician.id}/status`, {
          action: 'suspend',
        })
      ).statusCode,
    ).toBe(200);
    // Suspension ends the technician's sessions at once: nothing is reachable any more, not
    // the self-service, billing or wallet routes, and signing in again is refused.
    for (const [method, url] of [
      ['PATCH', '/api/technicians/me'],
      ['GET', '/api/subscriptions/current'],
      ['POST', '/api/subscriptions/cancel'],
      ['POST', '/api/square/create-subscription'],
      ['GET', '/api/auth/current-user'],
    ] as const) {
      const refused = await t.app.inject({ method, url, payload: {}, headers: { cookie } });
      expect(refused.statusCode, url).toBe(401);
    }
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin',
      payload: { username: user.username, password: TEST_PASSWORD },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().message).toBe('This account is suspended. Please contact support.');
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/technicians?pageSize=100' })
    ).json();
    expect(listed.map((x: { id: number }) => x.id)).not.toContain(technician.id);
    expect(
      (
        await as(adminCookie).patch(`/api/admin/technicians/${technician.id}/status`, {
          action: 'suspend',
        })
      ).statusCode,
    ).toBe(409);
    expect(
      (
        await as(adminCookie).patch(`/api/admin/technicians/${technician.id}/status`, {
          action: 'reinstate',
        })
      ).statusCode,
    ).toBe(200);
    const fresh = await signIn(t.app, user.username!);
    expect((await as(fresh).patch('/api/technicians/me', { isAvailable: true })).statusCode).toBe(
      200,
    );
    const search = (
      await as(adminCookie).get(`/api/admin/technicians?search=${user.firstName}`)
    ).json();
    expect(search[0]).toMatchObject({ id: technician.id, status: 'approved' });
  });
});

describe('admin: overview', () => {
  it('computes revenue, subscriptions, recent payments and alerts from the database', async () => {
    const { technician } = await createTechnician(t.app);
    // The migrations seed the plans.
    const [plan] = await t.app.db.select().from(plans).where(eq(plans.name, 'Premium'));
    const now = t.clock.now;
    const [sub] = await t.app.db
      .insert(subscriptions)
      .values({
        technicianId: technician.id,
        planId: plan!.id,
        status: 'active',
        provider: 'sandbox',
        currentPeriodStart: now,
        currentPeriodEnd: new Date(now.getTime() + 30 * 86_400_000),
      })
      .returning();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
    const base = {
      technicianId: technician.id,
      subscriptionId: sub!.id,
      description: 'Premium plan',
      provider: 'sandbox',
    };
    await t.app.db.insert(payments).values([
      {
        ...base,
        amountCents: 499,
        status: 'succeeded',
        receiptNumber: 'R-1',
        createdAt: lastMonth,
      },
      { ...base, amountCents: 499, status: 'succeeded', receiptNumber: 'R-2', createdAt: now },
      { ...base, amountCents: 499, status: 'succeeded', receiptNumber: 'R-3', createdAt: now },
      { ...base, amountCents: 499, status: 'processing', receiptNumber: 'R-4', createdAt: now },
      { ...base, amountCents: 499, status: 'failed', receiptNumber: 'R-5', createdAt: now },
    ]);
    const res = await as(adminCookie).get('/api/admin/overview');
    expect(res.statusCode).toBe(200);
    const o = res.json();
    expect(o).toMatchObject({
      revenueThisMonth: '9.98',
      revenueLastMonth: '4.99',
      revenueTotal: '14.97',
      revenueGrowthPercent: 100,
      activeSubscriptions: { total: 1, byPlan: { Premium: 1 } },
      pendingPayments: { count: 1, amount: '4.99' },
    });
    expect(o.recentPayments).toHaveLength(3);
    // Each alert names the dashboard tab that deals with it (the alert links there).
    expect(o.alerts).toContainEqual({
      level: 'critical',
      message: '1 failed payment in the last 30 days',
      tab: 'payments',
    });
    expect(o.recentAudit.length).toBeGreaterThan(0);
    expect(o.roleCounts.admin).toBeGreaterThanOrEqual(1);
  });
});

describe('admin: access', () => {
  it('refuses anonymous with 401 and non-admins with 403', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/overview' })).statusCode).toBe(
      401,
    );
    const c = await createUser(t.app);
    const res = await as(await signIn(t.app, c.username!)).get('/api/admin/overview');
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Admin access required');
  });
});
