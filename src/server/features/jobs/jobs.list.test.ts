import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatReference } from '@shared/service-request-rules';
import type { ServiceRequestSummary } from '@shared/schemas/service-request-views';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createTechnician, createUser, signIn } from '../../../../tests/helpers/factories';
import { serviceRequests } from '../../db/schema';

type Jobs = {
  active: ServiceRequestSummary[];
  past: ServiceRequestSummary[];
  activeTotal: number;
  pastTotal: number;
  page: number;
  pageSize: number;
};

let t: TestApp;
let cookie = '';
let otherCookie = '';
let civicId = 0;
let annFull = '';
beforeAll(async () => {
  t = await buildTestApp();
  const me = await createTechnician(t.app, {});
  const other = await createTechnician(t.app, {});
  cookie = await signIn(t.app, me.user.username!);
  otherCookie = await signIn(t.app, other.user.username!);
  const ann = await createUser(t.app, { role: 'customer', firstName: 'Ann' });
  annFull = `${ann.firstName} ${ann.lastName}`;
  const bob = await createUser(t.app, { role: 'customer', firstName: 'Bob' });
  const base = { description: 'A noise', urgency: 'medium' as const };
  // 45 past jobs (completed) and 3 active ones for this technician, one past job for another.
  const rows = Array.from({ length: 45 }, (_, i) => ({
    ...base,
    customerId: i % 2 ? ann.id : bob.id,
    serviceType: i === 7 ? 'Brake Repair' : 'Oil Change',
    location: i === 8 ? 'Hyattsville, MD' : 'Bowie, MD',
    vehicleInfo: i === 9 ? '2015 Honda Civic' : '2019 Ford F-150',
    status: 'completed' as const,
    assignedTechnicianId: me.technician.id,
    updatedAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
  }));
  const inserted = await t.app.db.insert(serviceRequests).values(rows).returning();
  civicId = inserted[9]!.id;
  await t.app.db.insert(serviceRequests).values([
    ...['accepted', 'scheduled', 'in_progress'].map((status) => ({
      ...base,
      customerId: ann.id,
      serviceType: 'Brake Repair',
      location: 'Bowie, MD',
      status: status as 'accepted',
      assignedTechnicianId: me.technician.id,
    })),
    {
      ...base,
      customerId: ann.id,
      serviceType: 'Brake Repair',
      location: 'Bowie, MD',
      status: 'completed' as const,
      assignedTechnicianId: other.technician.id,
    },
  ]);
});
afterAll(() => t.close());

const list = async (query = '', as = cookie) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/jobs${query}`,
    headers: { cookie: as },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Jobs;
};

describe('GET /api/jobs: paged and searched', () => {
  it('gives 20 jobs a page by default, with the totals of both lists', async () => {
    const first = await list();
    expect(first).toMatchObject({ page: 1, pageSize: 20, activeTotal: 3, pastTotal: 45 });
    expect(first.past).toHaveLength(20);
    expect(first.active).toHaveLength(3);
    const third = await list('?page=3');
    expect(third.past).toHaveLength(5);
    expect(third.active).toHaveLength(0);
    // Newest first, no job on two pages.
    const all = [...first.past, ...(await list('?page=2')).past, ...third.past];
    expect(new Set(all.map((j) => j.id)).size).toBe(45);
    expect(all[0]!.updatedAt > all[44]!.updatedAt).toBe(true);
  });

  it('obeys pageSize', async () => {
    const r = await list('?pageSize=7&page=2');
    expect(r.past).toHaveLength(7);
    expect(r.pageSize).toBe(7);
  });

  it.each([
    ['?page=0', 'page must be'],
    ['?page=abc', 'page must be'],
    ['?pageSize=0', 'pageSize must be'],
    ['?pageSize=101', 'pageSize must be'],
    ['?pageSize=2.5', 'pageSize must be'],
    [`?q=${'x'.repeat(201)}`, 'at most 200'],
  ])('refuses %s with a 400', async (query, message) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/jobs${query}`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(message);
  });

  it.each([
    ['brake', 1, 3],
    ['HYATTSVILLE', 1, 0],
    ['civic', 1, 0],
    ['the full name of Ann', 22, 3],
    ['bob', 23, 0],
  ])('finds %s case-insensitively (past %i, active %i)', async (q, past, active) => {
    const text = q === 'the full name of Ann' ? annFull.toUpperCase() : q;
    const r = await list(`?q=${encodeURIComponent(text)}`);
    expect(r.pastTotal).toBe(past);
    expect(r.activeTotal).toBe(active);
  });

  it('finds a job by its reference, in any case, and only its own', async () => {
    const ref = formatReference(civicId);
    const r = await list(`?q=${ref.toLowerCase()}`);
    expect(r.past.map((j) => j.reference)).toEqual([ref]);
    expect(r.pastTotal).toBe(1);
    expect((await list(`?q=${ref}`, otherCookie)).pastTotal).toBe(0);
  });

  it('takes search text literally (no wildcards)', async () => {
    expect((await list('?q=%25')).pastTotal).toBe(0);
    expect((await list('?q=_')).pastTotal).toBe(0);
  });
});
