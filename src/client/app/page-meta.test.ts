import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Technician } from '@shared/schemas/technicians';
import { pageMeta } from './page-meta';

const origin = 'https://wrenchly.example';
const technician: Technician = {
  id: 7,
  user: { firstName: 'Marcus', lastName: 'Johnson', phone: null, email: null },
  rating: '4.80',
  totalReviews: 25,
  location: 'Hyattsville, MD',
  yearsExperience: 12,
  hourlyRate: '85.00',
  certifications: ['ASE Master Technician'],
  certified: true,
  specialties: ['Brake Service', 'Oil Change'],
  bio: 'Mobile brakes and maintenance.',
  profileImage: '/files/photo.png',
  isAvailable: true,
  serviceRadiusMiles: 25,
  featured: false,
};
const meta = (pathname: string, search = '', t?: Technician) =>
  pageMeta({ pathname, searchParams: new URLSearchParams(search), origin, technician: t });

describe('pageMeta', () => {
  it("describes a technician's profile as an AutoRepair business with its rating", () => {
    const m = meta('/technician/7', '', technician);
    expect(m.title).toBe('Marcus Johnson - Mobile Mechanic in Hyattsville, MD | Wrenchly');
    expect(m.description).toContain('12 years of experience');
    expect(m.description).toContain('rated 4.8 from 25 reviews');
    expect(m.canonical).toBe('https://wrenchly.example/technician/7');
    expect(m.noindex).toBeUndefined();
    expect(m.jsonLd).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'AutoRepair',
      name: 'Marcus Johnson',
      url: 'https://wrenchly.example/technician/7',
      image: 'https://wrenchly.example/files/photo.png',
      priceRange: '$85.00/hour',
      aggregateRating: { ratingValue: '4.8', reviewCount: 25, bestRating: 5 },
    });
  });

  it('calls only a technician with verified credentials certified', () => {
    expect(meta('/technician/7', '', technician).description).toMatch(
      /^Marcus Johnson, certified mobile mechanic in Hyattsville, MD: 12 years/,
    );
    const inReview = meta('/technician/7', '', { ...technician, certified: false });
    expect(inReview.description).not.toContain('certified');
    expect(inReview.description).toMatch(
      /^Marcus Johnson, mobile mechanic in Hyattsville, MD \(new, credentials in review\): 12 years/,
    );
  });

  it('leaves the rating out when there are no reviews, and marks an unknown profile noindex', () => {
    const unrated = meta('/technician/7', '', { ...technician, totalReviews: 0 });
    expect(unrated.jsonLd).not.toHaveProperty('aggregateRating');
    expect(unrated.description).not.toContain('rated');
    const missing = meta('/technician/999');
    expect(missing.title).toBe('Technician Not Found | Wrenchly');
    expect(missing.noindex).toBe(true);
  });

  it("keeps only the listing's own parameters in the list's canonical URL", () => {
    expect(
      meta('/technicians', 'zip=20814&page=3&sort=rating&serviceType=Oil+Change').canonical,
    ).toBe('https://wrenchly.example/technicians?serviceType=Oil+Change&zip=20814');
    expect(meta('/technicians', 'page=2').canonical).toBe('https://wrenchly.example/technicians');
  });

  it('gives every info page its own title and the home page a site search action', () => {
    expect(meta('/faq').title).toBe('Help Center | Wrenchly');
    expect(meta('/privacy-policy').title).toBe('Privacy Policy | Wrenchly');
    expect(meta('/').jsonLd).toMatchObject({ '@type': 'WebSite' });
  });
});

describe('screen table', () => {
  it("names each screen's module as it imports it (the server preloads that chunk)", () => {
    const source = readFileSync(new URL('./routes.tsx', import.meta.url), 'utf8');
    const entries = [
      ...source.matchAll(/r\([^,]+, '([a-z-]+)', \(\) => import\('\.\.\/routes\/([a-z-]+)'\)/g),
    ];
    expect(entries.length).toBeGreaterThan(30);
    for (const [, file, imported] of entries) expect(file).toBe(imported);
  });
});
