import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createUser, signIn } from '../../../../tests/helpers/factories';
import type { ServiceRequestStatus } from '@shared/constants/domain';
import { formatReference } from '@shared/service-request-rules';
import { auditLog, contactMessages, serviceRequests } from '../../db/schema';

let t: TestApp;
let adminCookie: string;
let customerCookie: string;
let admin: Awaited<ReturnType<typeof createUser>>;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await createUser(t.app, { role: 'admin', firstName: 'Ada' });
  adminCookie = await signIn(t.app, admin.username!);
  const customer = await createUser(t.app, { role: 'customer' });
  customerCookie = await signIn(t.app, customer.username!);
});
afterAll(() => t.close());

const as = (cookie: string) => ({
  get: (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } }),
  patch: (url: string, payload: object = {}) =>
    t.app.inject({ method: 'PATCH', url, payload, headers: { cookie } }),
});

async function createRequest(
  customerId: number,
  o: { status?: ServiceRequestStatus; contactEmail?: string | null; createdAt?: Date } = {},
) {
  const [row] = await t.app.db
    .insert(serviceRequests)
    .values({
      customerId,
      serviceType: 'Brake Service',
      description: 'Squeaky brakes',
      location: 'Washington, DC',
      status: o.status ?? 'dispatching',
      contactEmail: o.contactEmail === undefined ? null : o.contactEmail,
      contactName: 'Casey Customer',
      ...(o.createdAt ? { createdAt: o.createdAt } : {}),
    })
    .returning();
  return row!;
}

describe('GET /api/admin/service-requests', () => {
  let owner: Awaited<ReturnType<typeof createUser>>;
  const ids: Record<string, number> = {};
  beforeAll(async () => {
    owner = await createUser(t.app, { email: 'pat_owner@example.com' });
    const base = Date.now() - 10 * 86_400_000;
    const at = (d: number) => new Date(base + d * 86_400_000);
    ids.oldUnmatched = (
      await createRequest(owner.id, { status: 'unmatched', createdAt: at(0) })
    ).id;
    ids.newer = (await createRequest(owner.id, { status: 'accepted', createdAt: at(2) })).id;
    ids.newest = (
      await createRequest(owner.id, {
        status: 'dispatching',
        contactEmail: 'guest%under_score@example.org',
        createdAt: at(3),
      })
    ).id;
    ids.unmatched2 = (await createRequest(owner.id, { status: 'unmatched', createdAt: at(1) })).id;
  });

  it('lists unmatched first, then newest, with the summary fields', async () => {
    const res = await as(adminCookie).get('/api/admin/service-requests');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ page: 1, pageSize: 20, total: 4 });
    expect(body.items.map((i: { id: number }) => i.id)).toEqual([
      ids.unmatched2,
      ids.oldUnmatched,
      ids.newest,
      ids.newer,
    ]);
    expect(body.items[0]).toMatchObject({
      reference: formatReference(ids.unmatched2!),
      status: 'unmatched',
      serviceType: 'Brake Service',
      customerName: 'Casey Customer',
      customerEmail: 'pat_owner@example.com',
      technicianName: null,
    });
    // The contact e-mail of the request wins over the account's.
    expect(body.items[2].customerEmail).toBe('guest%under_score@example.org');
  });

  it('filters by status', async () => {
    const body = (await as(adminCookie).get('/api/admin/service-requests?status=unmatched')).json();
    expect(body.total).toBe(2);
    expect(body.items.every((i: { status: string }) => i.status === 'unmatched')).toBe(true);
  });

  it('finds one request by its reference, in any case', async () => {
    const ref = formatReference(ids.newer!).toLowerCase();
    const body = (await as(adminCookie).get(`/api/admin/service-requests?q=${ref}`)).json();
    expect(body.total).toBe(1);
    expect(body.items[0].id).toBe(ids.newer);
    const none = (
      await as(adminCookie).get(`/api/admin/service-requests?q=WR-999999&status=unmatched`)
    ).json();
    expect(none).toMatchObject({ total: 0, items: [] });
  });

  it('searches part of the e-mail, wildcards taken literally', async () => {
    const byAccount = (await as(adminCookie).get('/api/admin/service-requests?q=PAT_OWNER')).json();
    expect(byAccount.total).toBe(4);
    const literal = (
      await as(adminCookie).get(
        `/api/admin/service-requests?q=${encodeURIComponent('guest%under_')}`,
      )
    ).json();
    expect(literal.items.map((i: { id: number }) => i.id)).toEqual([ids.newest]);
    const wildcard = (
      await as(adminCookie).get(`/api/admin/service-requests?q=${encodeURIComponent('%')}`)
    ).json();
    expect(wildcard.items.map((i: { id: number }) => i.id)).toEqual([ids.newest]);
  });

  it('pages by 20 with the total', async () => {
    const other = await createUser(t.app, { email: 'many@example.com' });
    for (let i = 0; i < 21; i++) await createRequest(other.id);
    const p1 = (await as(adminCookie).get('/api/admin/service-requests?q=many@')).json();
    expect(p1).toMatchObject({ total: 21, page: 1, pageSize: 20 });
    expect(p1.items).toHaveLength(20);
    const p2 = (await as(adminCookie).get('/api/admin/service-requests?q=many@&page=2')).json();
    expect(p2.items).toHaveLength(1);
    const p9 = (await as(adminCookie).get('/api/admin/service-requests?q=many@&page=9')).json();
    expect(p9).toMatchObject({ total: 21, items: [] });
  });

  it('refuses bad filters with 400 and a message', async () => {
    for (const qs of ['status=open', 'page=0', 'page=x', `q=${'a'.repeat(201)}`]) {
      const res = await as(adminCookie).get(`/api/admin/service-requests?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    for (const qs of ['page=0', 'page=x', 'page=100001', 'page=1.5']) {
      const res = await as(adminCookie).get(`/api/admin/service-requests?${qs}`);
      expect(res.json().message, qs).toBe('page must be a whole number from 1 to 100000');
    }
  });

  it('is for admins only', async () => {
    expect((await as(customerCookie).get('/api/admin/service-requests')).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/service-requests' })).statusCode).toBe(401);
  });
});

describe('Contact Us messages', () => {
  const ids: number[] = [];
  beforeAll(async () => {
    const base = Date.now() - 86_400_000;
    for (let i = 0; i < 23; i++) {
      const [row] = await t.app.db
        .insert(contactMessages)
        .values({
          name: `Sender ${i}`,
          email: `sender${i}@example.com`,
          subject: `Question number ${i}`,
          message: 'How does this work, please?',
          createdAt: new Date(base + i * 60_000),
        })
        .returning();
      ids.push(row!.id);
    }
  });

  it('lists newest first, 20 a page, with the total', async () => {
    const p1 = (await as(adminCookie).get('/api/admin/messages')).json();
    expect(p1).toMatchObject({ total: 23, page: 1, pageSize: 20 });
    expect(p1.items[0]).toMatchObject({
      id: ids[22],
      name: 'Sender 22',
      email: 'sender22@example.com',
      phone: null,
      subject: 'Question number 22',
      handledAt: null,
      handledBy: null,
    });
    const p2 = (await as(adminCookie).get('/api/admin/messages?page=2')).json();
    expect(p2.items.map((m: { id: number }) => m.id)).toEqual([ids[2], ids[1], ids[0]]);
  });

  it('marks a message handled and unhandled, filters by it and audits both', async () => {
    const id = ids[5]!;
    const res = await as(adminCookie).patch(`/api/admin/messages/${id}/handled`, {
      handled: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id, handledBy: `Ada ${admin.lastName}` });
    expect(res.json().handledAt).toEqual(expect.any(String));
    const [row] = await t.app.db.select().from(contactMessages).where(eq(contactMessages.id, id));
    expect(row!.handledBy).toBe(admin.id);

    const handled = (await as(adminCookie).get('/api/admin/messages?handled=true')).json();
    expect(handled).toMatchObject({ total: 1 });
    expect(handled.items[0].id).toBe(id);
    const open = (await as(adminCookie).get('/api/admin/messages?handled=false')).json();
    expect(open.total).toBe(22);
    expect(open.items.some((m: { id: number }) => m.id === id)).toBe(false);

    // Marking it again changes nothing and records nothing.
    expect(
      (await as(adminCookie).patch(`/api/admin/messages/${id}/handled`, { handled: true }))
        .statusCode,
    ).toBe(200);

    const undo = await as(adminCookie).patch(`/api/admin/messages/${id}/handled`, {
      handled: false,
    });
    expect(undo.statusCode).toBe(200);
    expect(undo.json()).toMatchObject({ handledAt: null, handledBy: null });

    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityType, 'contact_message'));
    expect(entries.map((e) => [e.action, e.entityId, e.actorUserId])).toEqual([
      ['contact_message.handled', String(id), admin.id],
      ['contact_message.unhandled', String(id), admin.id],
    ]);
  });

  it('refuses bad input with 400, an unknown message with 404', async () => {
    for (const [url, payload] of [
      [`/api/admin/messages/${ids[0]}/handled`, {}],
      [`/api/admin/messages/${ids[0]}/handled`, { handled: 'yes' }],
      ['/api/admin/messages/0/handled', { handled: true }],
      ['/api/admin/messages/abc/handled', { handled: true }],
    ] as const) {
      const res = await as(adminCookie).patch(url, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    for (const qs of ['handled=maybe', 'page=-1']) {
      expect((await as(adminCookie).get(`/api/admin/messages?${qs}`)).statusCode, qs).toBe(400);
    }
    const missing = await as(adminCookie).patch('/api/admin/messages/999999/handled', {
      handled: true,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Message not found');
  });

  it('is for admins only', async () => {
    expect((await as(customerCookie).get('/api/admin/messages')).statusCode).toBe(403);
    expect(
      (await as(customerCookie).patch(`/api/admin/messages/${ids[0]}/handled`, { handled: true }))
        .statusCode,
    ).toBe(403);
  });
});

describe('GET /api/admin/audit-log', () => {
  let actor: Awaited<ReturnType<typeof createUser>>;
  beforeAll(async () => {
    actor = await createUser(t.app, { role: 'admin', email: 'auditor@example.net' });
    const entries: [string, string][] = [
      ['test.alpha', '2026-03-01T10:00:00Z'],
      ['test.beta', '2026-03-02T23:59:59Z'],
      ['test.alpha', '2026-03-03T00:00:00Z'],
      ['test.alpha', '2026-03-05T12:00:00Z'],
    ];
    for (const [action, at] of entries)
      await t.app.db.insert(auditLog).values({
        actorUserId: actor.id,
        action,
        entityType: 'test',
        entityId: '1',
        createdAt: new Date(at),
      });
  });

  it('still answers the recent entries without filters', async () => {
    const res = await as(adminCookie).get('/api/admin/audit-log?limit=2');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(2);
    expect(res.json()[0]).toEqual(
      expect.objectContaining({ id: expect.any(Number), action: expect.any(String) }),
    );
    expect(Number(res.headers['x-total-count'])).toBeGreaterThanOrEqual(4);
  });

  it('filters by action, actor e-mail, actor id and inclusive dates', async () => {
    const get = async (qs: string) => {
      const res = await as(adminCookie).get(`/api/admin/audit-log?${qs}`);
      expect(res.statusCode, qs).toBe(200);
      return {
        total: Number(res.headers['x-total-count']),
        items: res.json() as { action: string; createdAt: string; actor: string }[],
      };
    };
    expect((await get('action=test.alpha')).total).toBe(3);
    const byMail = await get('actor=AUDITOR@example');
    expect(byMail.total).toBe(4);
    expect(byMail.items[0]!.actor).toBe(actor.username);
    expect((await get(`actor=${actor.id}`)).total).toBe(4);
    const days = await get('from=2026-03-02&to=2026-03-03');
    expect(days.items.map((i) => i.createdAt)).toEqual([
      '2026-03-03T00:00:00.000Z',
      '2026-03-02T23:59:59.000Z',
    ]);
    expect((await get('action=test.alpha&from=2026-03-03')).total).toBe(2);
    expect((await get('action=test.alpha&to=2026-03-01')).total).toBe(1);
    const paged = await get('action=test.alpha&limit=2&page=2');
    expect(paged).toMatchObject({ total: 3 });
    expect(paged.items).toHaveLength(1);
    expect(paged.items[0]!.createdAt).toBe('2026-03-01T10:00:00.000Z');
  });

  it('lists the distinct actions for the filter', async () => {
    const res = await as(adminCookie).get('/api/admin/audit-log/actions');
    expect(res.statusCode).toBe(200);
    const actions = res.json() as string[];
    expect(actions).toEqual([...new Set(actions)].sort());
    expect(actions).toEqual(expect.arrayContaining(['test.alpha', 'test.beta']));
  });

  it('refuses bad filters with 400 and a clear message', async () => {
    const cases: [string, string][] = [
      ['from=2026-02-30', 'from must be a date (YYYY-MM-DD)'],
      ['to=yesterday', 'to must be a date (YYYY-MM-DD)'],
      // No year 0 in PostgreSQL; the day after 9999-12-31 is no JavaScript date (were 500s).
      ['from=0000-01-01', 'from must be a date (YYYY-MM-DD)'],
      ['to=9999-12-31', 'to must be a date (YYYY-MM-DD)'],
      ['from=2026-03-05&to=2026-03-01', 'The end date must not be before the start date'],
      ['limit=0', 'limit must be a whole number from 1 to 200'],
      ['page=0', 'page must be a whole number from 1 to 100000'],
    ];
    for (const [qs, message] of cases) {
      const res = await as(adminCookie).get(`/api/admin/audit-log?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(JSON.stringify(res.json()), qs).toContain(message);
    }
  });

  it('is for admins only', async () => {
    expect((await as(customerCookie).get('/api/admin/audit-log')).statusCode).toBe(403);
    expect((await as(customerCookie).get('/api/admin/audit-log/actions')).statusCode).toBe(403);
  });
});
