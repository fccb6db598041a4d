import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../tests/helpers/build-test-app';
import { LOCATIONS } from '../../shared/constants/locations';
import { verifyPassword } from '../lib/password';
import type { Database } from './client';
import * as s from './schema';
import { seedDemoData } from './seed';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  expect((await seedDemoData(database.db)).created).toBe(true);
});
afterAll(() => drop());

const counts = async () => {
  const out: Record<string, number> = {};
  for (const [name, table] of Object.entries({
    users: s.users,
    technicians: s.technicians,
    reviews: s.reviews,
    plans: s.plans,
    software: s.software,
    payments: s.payments,
    verifications: s.verifications,
    serviceRequests: s.serviceRequests,
  })) {
    out[name] = (await database.db.select({ n: count() }).from(table))[0]!.n;
  }
  return out;
};

describe('demo seed', () => {
  it('is idempotent', async () => {
    const before = await counts();
    expect((await seedDemoData(database.db)).created).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('has at least 12 technicians over all 9 locations, with consistent ratings', async () => {
    const techs = await database.db.select().from(s.technicians);
    expect(techs.length).toBeGreaterThanOrEqual(12);
    expect(new Set(techs.map((t) => t.location))).toEqual(new Set(LOCATIONS.map((l) => l.name)));
    for (const t of techs) {
      const rs = await database.db.select().from(s.reviews).where(eq(s.reviews.technicianId, t.id));
      expect(t.totalReviews).toBe(rs.length);
      const avg = rs.reduce((a, r) => a + r.rating, 0) / rs.length;
      expect(Number(t.rating)).toBeCloseTo(avg, 2);
      expect(rs.every((r) => r.rating >= 1 && r.rating <= 5)).toBe(true);
    }
  });

  it('has the three plans from the spec and a catalogue over every tier', async () => {
    const plans = await database.db.select().from(s.plans).orderBy(s.plans.rank);
    expect(plans.map((p) => [p.name, p.priceCents, p.popular])).toEqual([
      ['Basic', 299, false],
      ['Premium', 499, true],
      ['Professional', 699, false],
    ]);
    const sw = await database.db.select().from(s.software);
    expect(sw.length).toBeGreaterThanOrEqual(8);
    expect(new Set(sw.map((x) => x.requiredPlan))).toEqual(
      new Set(['Free', 'Basic', 'Premium', 'Professional']),
    );
  });

  it('has the demo accounts with the documented password', async () => {
    for (const [username, role] of [
      ['admin', 'admin'],
      ['technician', 'technician'],
      ['customer', 'customer'],
    ] as const) {
      const [u] = await database.db.select().from(s.users).where(eq(s.users.username, username));
      expect(u).toMatchObject({ role, status: 'approved' });
      expect(await verifyPassword(u!.passwordHash!, 'wrenchly-demo')).toBe(true);
    }
  });

  it('puts the demo technician on an active Professional plan with payment history', async () => {
    const [u] = await database.db.select().from(s.users).where(eq(s.users.username, 'technician'));
    const [t] = await database.db
      .select()
      .from(s.technicians)
      .where(eq(s.technicians.userId, u!.id));
    const [sub] = await database.db
      .select({ status: s.subscriptions.status, plan: s.plans.name })
      .from(s.subscriptions)
      .innerJoin(s.plans, eq(s.plans.id, s.subscriptions.planId))
      .where(eq(s.subscriptions.technicianId, t!.id));
    expect(sub).toEqual({ status: 'active', plan: 'Professional' });
    const pays = await database.db
      .select()
      .from(s.payments)
      .where(eq(s.payments.technicianId, t!.id));
    expect(pays.length).toBeGreaterThanOrEqual(4);
    expect(new Set(pays.map((p) => p.status))).toEqual(
      new Set(['succeeded', 'failed', 'processing']),
    );
  });
});
