import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { plans } from '../../db/schema';

describe('GET /api/plans', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('lists the active plans from the table, cheapest rank first, prices in dollars and cents', async () => {
    // The migrations seed the three plans; this test sets its own.
    await t.database.db.delete(plans);
    await t.database.db.insert(plans).values([
      {
        name: 'Premium',
        priceCents: 499,
        description: 'More',
        rank: 2,
        popular: true,
        features: ['b'],
      },
      { name: 'Basic', priceCents: 299, description: 'Start', rank: 1, features: ['a'] },
      { name: 'Retired', priceCents: 100, description: 'Old', rank: 9, isActive: false },
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/plans' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject([
      { name: 'Basic', price: 2.99, priceCents: 299, popular: false, features: ['a'] },
      { name: 'Premium', price: 4.99, priceCents: 499, popular: true },
    ]);
    expect(res.json()).toHaveLength(2);
  });
});
