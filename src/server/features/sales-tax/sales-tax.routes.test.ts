import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  t.clock.set(new Date('2026-11-29T15:00:00Z'));
});
afterAll(() => t.close());

const rates = (location: string) =>
  t.app.inject({ method: 'GET', url: `/api/tax-rates?location=${encodeURIComponent(location)}` });

describe('GET /api/tax-rates', () => {
  it('names Maryland with 6% on parts and untaxed repair labour', async () => {
    const res = await rates('20782');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      jurisdiction: 'MD',
      name: 'Maryland',
      partsRate: 6,
      laborRate: 0,
      effectiveFrom: '2008-01-03',
    });
    expect(res.json().source).toMatch(/Tax-General § 11-104/);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it("names Arlington's Northern Virginia rate: 4.3% state, 1% local, 0.7% regional", async () => {
    for (const place of [
      '22201',
      'Arlington, VA',
      '1100 Wilson Blvd, Arlington, VA 22209',
      '20165',
    ]) {
      const res = await rates(place);
      expect(res.statusCode, place).toBe(200);
      expect(res.json(), place).toMatchObject({
        jurisdiction: 'VA-NOVA',
        name: 'Virginia (Northern Virginia)',
        partsRate: 6,
        laborRate: 0,
      });
    }
  });

  it('names the District of Columbia, labour taxed with the parts, at the rate of the day', async () => {
    const now = await rates('20001');
    expect(now.json()).toMatchObject({
      jurisdiction: 'DC',
      partsRate: 7,
      laborRate: 7,
      effectiveFrom: '2026-10-01',
    });
    // The day before the change, on the service area's clock (midnight Eastern).
    t.clock.set(new Date('2026-10-01T03:59:00Z'));
    expect((await rates('Washington, DC')).json()).toMatchObject({
      partsRate: 6,
      laborRate: 6,
      effectiveFrom: '2018-10-01',
    });
    t.clock.set(new Date('2026-10-01T04:00:00Z'));
    expect((await rates('Washington, DC')).json()).toMatchObject({ partsRate: 7 });
    t.clock.set(new Date('2026-11-29T15:00:00Z'));
  });

  it('answers 400 outside the service area, and for places that do not exist', async () => {
    for (const [place, message] of [
      [
        '90210',
        "We don't serve Beverly Hills, CA yet: Wrenchly serves Maryland, DC and Northern Virginia",
      ],
      [
        'Richmond, VA',
        "We don't serve Richmond, VA yet: Wrenchly serves Maryland, DC and Northern Virginia",
      ],
      [
        '20186',
        "We don't serve Warrenton, VA yet: Wrenchly serves Maryland, DC and Northern Virginia",
      ],
      ['99999', 'Unknown ZIP code: 99999'],
      ['Atlantis', expect.stringMatching(/^Unknown place: Atlantis/)],
      ['', 'Please enter a ZIP code, town or address'],
    ] as const) {
      const res = await rates(place);
      expect(res.statusCode, place).toBe(400);
      expect(res.json().message, place).toEqual(message);
    }
  });
});
