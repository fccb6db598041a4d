import { describe, expect, it } from 'vitest';
import { LOCATIONS } from './constants/locations';
import { boundingBox, distanceMiles } from './geo';

describe('distanceMiles', () => {
  it('is zero for the same point and symmetric', () => {
    const a = LOCATIONS[0];
    expect(distanceMiles(a, a)).toBe(0);
    expect(distanceMiles(a, LOCATIONS[2])).toBeCloseTo(distanceMiles(LOCATIONS[2], a), 10);
  });

  it('matches known distances (Washington DC to Laurel MD centres: about 16.7 miles)', () => {
    const dc = LOCATIONS.find((l) => l.name === 'Washington, DC')!;
    const laurel = LOCATIONS.find((l) => l.name === 'Laurel, MD')!;
    expect(distanceMiles(dc, laurel)).toBeGreaterThan(16.5);
    expect(distanceMiles(dc, laurel)).toBeLessThan(17);
    // One degree of latitude is about 69.1 miles.
    expect(
      distanceMiles({ latitude: 38, longitude: -77 }, { latitude: 39, longitude: -77 }),
    ).toBeCloseTo(69.1, 0);
  });
});

describe('boundingBox', () => {
  it('contains every point within the radius', () => {
    const c = { latitude: 38.9, longitude: -77 };
    const box = boundingBox(c, 10);
    for (let deg = 0; deg < 360; deg += 15) {
      const r = (deg * Math.PI) / 180;
      // A point just inside 10 miles in direction deg.
      const p = {
        latitude: c.latitude + (9.99 / 69.05) * Math.cos(r),
        longitude:
          c.longitude + ((9.99 / 69.05) * Math.sin(r)) / Math.cos((c.latitude * Math.PI) / 180),
      };
      if (distanceMiles(c, p) <= 10) {
        expect(p.latitude).toBeGreaterThanOrEqual(box.minLat);
        expect(p.latitude).toBeLessThanOrEqual(box.maxLat);
        expect(p.longitude).toBeGreaterThanOrEqual(box.minLng);
        expect(p.longitude).toBeLessThanOrEqual(box.maxLng);
      }
    }
  });
});
