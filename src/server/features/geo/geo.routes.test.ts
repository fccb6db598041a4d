import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { loadConfig, tileImageSource } from '../../config';
import { nearestZip } from '../../domain/places';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/geo/nearest-zip', () => {
  it('answers the nearest US ZIP code with its city and state', async () => {
    // Downtown Bethesda, and the Capitol.
    const res = await get('/api/geo/nearest-zip?lat=39.0003&lng=-77.1022');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ zip: '20814', city: 'Bethesda', state: 'MD' });
    const dc = (await get('/api/geo/nearest-zip?lat=38.8899&lng=-77.0091')).json();
    expect(dc.state).toBe('DC');
    expect(dc.zip).toMatch(/^20\d{3}$/);
  });

  it('agrees with a brute-force search over every ZIP (points across the country)', async () => {
    const { codes } = (await import('zipcodes')).default;
    const { distanceMiles } = await import('@shared/geo');
    const us = Object.values(codes).filter(
      (z) => z.country === 'US' && /^\d{5}$/.test(z.zip) && !['AA', 'AE', 'AP'].includes(z.state),
    );
    const points = [
      [38.95, -76.95],
      [47.6, -122.3],
      [25.77, -80.19],
      [61.2, -149.9],
      [21.3, -157.85],
      [44.98, -93.26],
      [35.08, -106.65],
    ] as const;
    for (const [latitude, longitude] of points) {
      const p = { latitude, longitude };
      let best = Infinity;
      for (const z of us) best = Math.min(best, distanceMiles(p, z));
      expect(nearestZip(p)!.distanceMiles, `${latitude},${longitude}`).toBeCloseTo(best, 6);
    }
  });

  it('refuses bad or out-of-range coordinates with 400', async () => {
    const cases: [string, string][] = [
      ['lat=91&lng=0', 'lat must be between -90 and 90'],
      ['lat=-90.5&lng=0', 'lat must be between -90 and 90'],
      ['lat=38&lng=181', 'lng must be between -180 and 180'],
      ['lat=abc&lng=-77', 'lat must be a number'],
      ['lat=38', 'lng must be a number'],
      ['lat=&lng=', 'lat must be a number'],
      ['lat=Infinity&lng=0', 'lat must be a number'],
    ];
    for (const [qs, message] of cases) {
      const res = await get(`/api/geo/nearest-zip?${qs}`);
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().message, qs).toContain(message);
    }
  });

  it('answers 404 far from any US ZIP code (mid-Atlantic, London: military post offices do not count)', async () => {
    for (const qs of ['lat=30&lng=-40', 'lat=51.5&lng=-0.12', 'lat=0&lng=0']) {
      const res = await get(`/api/geo/nearest-zip?${qs}`);
      expect(res.statusCode, qs).toBe(404);
      expect(res.json().message).toBe(
        'No US ZIP code within 50 miles of that location. Enter a ZIP code instead.',
      );
    }
  });

  it('is fast: 2000 look-ups in well under a second', () => {
    nearestZip({ latitude: 38.9, longitude: -77 });
    const start = performance.now();
    for (let i = 0; i < 2000; i++)
      nearestZip({ latitude: 30 + (i % 200) * 0.08, longitude: -120 + (i % 500) * 0.08 });
    expect(performance.now() - start).toBeLessThan(1000);
  });
});

describe('GET /api/config/map', () => {
  it('hands the tile URL and attribution to the client', async () => {
    const res = await get('/api/config/map');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
    });
  });
});

describe('Content-Security-Policy img-src', () => {
  const imgSrc = (csp: string | undefined) =>
    /(?:^|;)\s*img-src ([^;]*)/.exec(csp ?? '')?.[1]?.split(' ');

  it('admits only the app, data:, blob: and the tile host (no blanket https:)', async () => {
    const res = await get('/api/config/map');
    expect(imgSrc(res.headers['content-security-policy'] as string)).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://tile.openstreetmap.org',
    ]);
  });

  it('follows MAP_TILE_URL', async () => {
    const other = await buildTestApp({
      config: {
        map: {
          tileUrl: 'https://{s}.tiles.example.org/osm/{z}/{x}/{y}@2x.png',
          attribution: '© Example',
          imageSource: tileImageSource('https://{s}.tiles.example.org/osm/{z}/{x}/{y}@2x.png')!,
        },
      },
    });
    try {
      const res = await other.app.inject({ method: 'GET', url: '/api/config/map' });
      expect(res.json()).toEqual({
        tileUrl: 'https://{s}.tiles.example.org/osm/{z}/{x}/{y}@2x.png',
        attribution: '© Example',
      });
      expect(imgSrc(res.headers['content-security-policy'] as string)).toContain(
        'https://*.tiles.example.org',
      );
      expect(imgSrc(res.headers['content-security-policy'] as string)).not.toContain('https:');
    } finally {
      await other.close();
    }
  });
});

describe('MAP_TILE_URL', () => {
  const env = { NODE_ENV: 'test' as const, LOG_LEVEL: 'silent' };
  it('defaults to OpenStreetMap and reads a custom template', () => {
    expect(loadConfig(env).map).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap contributors',
      imageSource: 'https://tile.openstreetmap.org',
    });
    expect(
      loadConfig({
        ...env,
        MAP_TILE_URL: 'https://tiles.example.org:8443/{z}/{x}/{y}.png',
        MAP_TILE_ATTRIBUTION: 'Tiles © Example',
      }).map,
    ).toEqual({
      tileUrl: 'https://tiles.example.org:8443/{z}/{x}/{y}.png',
      attribution: 'Tiles © Example',
      imageSource: 'https://tiles.example.org:8443',
    });
  });

  it('refuses a template that is not https or lacks {z}/{x}/{y}', () => {
    for (const url of [
      'http://tile.example.org/{z}/{x}/{y}.png',
      'https://tile.example.org/tiles.png',
      'https://a.{s}.example.org/{z}/{x}/{y}.png',
      'javascript:alert(1)//{z}{x}{y}',
    ])
      expect(() => loadConfig({ ...env, MAP_TILE_URL: url }), url).toThrow(/MAP_TILE_URL/);
  });
});
