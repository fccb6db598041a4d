import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createTechnician, createUser, signIn } from '../../../../tests/helpers/factories';
import { TINY_PDF, TINY_PNG, uploadDocument } from '../../../../tests/helpers/onboarding-factories';
import { verifications } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const call = (method: 'GET' | 'PATCH', cookie: string, payload?: object) =>
  t.app.inject({ method, url: '/api/technicians/me', headers: { cookie }, payload });

describe('/api/technicians/me', () => {
  it('returns the own profile, including approval status, to a pending technician', async () => {
    const { user } = await createTechnician(t.app, { status: 'pending' });
    const res = await call('GET', await signIn(t.app, user.username!));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', email: user.email });
    expect(res.json().dispatchBlockers).toContain(
      'Your account is awaiting approval by our admin team.',
    );
  });

  it('edits availability, rate, bio, specialties, base and radius', async () => {
    const { user } = await createTechnician(t.app);
    const cookie = await signIn(t.app, user.username!);
    const res = await call('PATCH', cookie, {
      isAvailable: false,
      hourlyRate: 97.5,
      bio: 'Twenty years fixing brakes.',
      specialties: ['Brake Service', 'Diagnostics'],
      zipCode: '20601',
      serviceRadiusMiles: 40,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      isAvailable: false,
      hourlyRate: '97.50',
      bio: 'Twenty years fixing brakes.',
      specialties: ['Brake Service', 'Diagnostics'],
      location: 'Waldorf, MD',
      zipCode: '20601',
      serviceRadiusMiles: 40,
    });
    expect(res.json().dispatchBlockers).toContain('You are marked as unavailable.');
    const named = await call('PATCH', cookie, { location: 'Laurel, MD' });
    expect(named.json()).toMatchObject({ location: 'Laurel, MD', zipCode: '20707' });
  });

  it('publishes starting prices for the services offered, shown on the public profile', async () => {
    const { user, technician } = await createTechnician(t.app, {
      specialties: ['Brake Service', 'Oil Change'],
    });
    const cookie = await signIn(t.app, user.username!);
    const prices = [
      {
        serviceType: 'Brake Service',
        description: 'Brake pads, front',
        from: 180,
        partsExtra: true,
      },
      { serviceType: 'Oil Change', description: 'Synthetic oil change', from: '79.5' },
    ];
    const res = await call('PATCH', cookie, { startingPrices: prices });
    expect(res.statusCode, res.body).toBe(200);
    const stored = [
      {
        serviceType: 'Brake Service',
        description: 'Brake pads, front',
        from: '180.00',
        partsExtra: true,
      },
      {
        serviceType: 'Oil Change',
        description: 'Synthetic oil change',
        from: '79.50',
        partsExtra: false,
      },
    ];
    expect(res.json().startingPrices).toEqual(stored);
    const profile = await t.app.inject({ method: 'GET', url: `/api/technicians/${technician.id}` });
    expect(profile.json().startingPrices).toEqual(stored);

    // A service they do not offer, a silly amount, the same thing twice: 400, nothing changed.
    for (const [body, message] of [
      [
        [{ serviceType: 'Transmission', description: 'Fluid flush', from: 150 }],
        'Add Transmission to your specialties',
      ],
      [
        [{ serviceType: 'Oil Change', description: 'Oil', from: 0 }],
        'The price must be at least $1',
      ],
      [[{ serviceType: 'Oil Change', description: 'Oil', from: 12.345 }], 'whole cents'],
      [[prices[1], prices[1]], 'Each starting price must be for something different'],
    ] as const) {
      const bad = await call('PATCH', cookie, { startingPrices: body });
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
      expect(bad.body).toContain(message);
    }
    expect((await call('GET', cookie)).json().startingPrices).toEqual(stored);
    // An empty list takes them all down.
    expect((await call('PATCH', cookie, { startingPrices: [] })).json().startingPrices).toEqual([]);
  });

  it('validates with clear messages', async () => {
    const { user } = await createTechnician(t.app);
    const cookie = await signIn(t.app, user.username!);
    const cases: [object, string][] = [
      [{ hourlyRate: 5 }, 'Hourly rate must be at least $10'],
      [{ specialties: ['Juggling'] }, 'Unknown specialty'],
      [{ serviceRadiusMiles: 0 }, 'Service radius must be at least 1 mile'],
      [{ location: 'Atlantis' }, 'Choose one of the service locations'],
      [{ zipCode: '00000' }, 'Unknown ZIP code: 00000'],
      [{ profilePhotoDocumentId: 'x' }, 'Profile photo must be an uploaded document'],
    ];
    for (const [payload, message] of cases) {
      const res = await call('PATCH', cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('tells the technician when an expired license or a rejected insurance stops dispatch', async () => {
    const { user, technician } = await createTechnician(t.app, { credentials: false });
    await t.app.db.insert(verifications).values([
      {
        technicianId: technician.id,
        verificationType: 'license',
        credentialName: 'MD License',
        issuingOrganization: 'MVA',
        verificationStatus: 'verified',
        expirationDate: '2020-01-01',
      },
      {
        technicianId: technician.id,
        verificationType: 'insurance',
        credentialName: 'Liability',
        issuingOrganization: 'Acme',
        verificationStatus: 'rejected',
      },
    ]);
    const res = await call('GET', await signIn(t.app, user.username!));
    expect(res.json().dispatchBlockers).toEqual(
      expect.arrayContaining([
        'Your license "MD License" expired on Jan 1, 2020. Add your renewed license under My Verifications: job notifications start once our admin team verifies it.',
        'Your insurance "Liability" was rejected. Add a valid insurance under My Verifications: job notifications start once our admin team verifies it.',
      ]),
    );
    expect(res.json().certified).toBe(false);
  });

  it('is for technicians only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/technicians/me' })).statusCode).toBe(
      401,
    );
    const c = await createUser(t.app);
    expect((await call('GET', await signIn(t.app, c.username!))).statusCode).toBe(403);
  });
});

describe('profile photo through the documents upload flow', () => {
  it('uploads, shows it publicly at a cacheable address, replaces and removes it', async () => {
    const { user, technician } = await createTechnician(t.app);
    const cookie = await signIn(t.app, user.username!);
    const first = await uploadDocument(t.app, { cookie, body: { kind: 'profilePhoto' } });
    const res = await call('PATCH', cookie, { profilePhotoDocumentId: first.documentId });
    expect(res.statusCode).toBe(200);
    const url = `/api/technicians/${technician.id}/photo/${first.documentId}`;
    expect(res.json().profileImage).toBe(url);
    const pub = await t.app.inject({ method: 'GET', url: `/api/technicians/${technician.id}` });
    expect(pub.json().profileImage).toBe(url);

    const photo = await t.app.inject({ method: 'GET', url });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['cache-control']).toContain('immutable');
    expect(photo.rawPayload.equals(TINY_PNG)).toBe(true);

    const second = await uploadDocument(t.app, { cookie, body: { kind: 'profilePhoto' } });
    await call('PATCH', cookie, { profilePhotoDocumentId: second.documentId });
    // The old address no longer serves: only the current photo is public.
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);

    const removed = await call('PATCH', cookie, { profilePhotoDocumentId: null });
    expect(removed.json().profileImage).toBeNull();
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/technicians/${technician.id}/photo/${second.documentId}`,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses a PDF, and an upload of another user', async () => {
    const { user } = await createTechnician(t.app);
    const cookie = await signIn(t.app, user.username!);
    const pdf = await uploadDocument(t.app, { cookie, bytes: TINY_PDF });
    const res = await call('PATCH', cookie, { profilePhotoDocumentId: pdf.documentId });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Profile photo must be a PNG, JPEG or WebP image');

    const other = await createTechnician(t.app);
    const theirs = await uploadDocument(t.app, {
      cookie: await signIn(t.app, other.user.username!),
    });
    const stolen = await call('PATCH', cookie, { profilePhotoDocumentId: theirs.documentId });
    expect(stolen.statusCode).toBe(403);
    const me = await call('GET', cookie);
    expect(me.json().profileImage).toBeNull();
  });
});
