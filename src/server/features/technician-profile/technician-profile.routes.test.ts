import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createTechnician, createUser, signIn } from '../../../../tests/helpers/factories';
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

  it('edits availability, rate, bio, specialties, certifications, base and radius', async () => {
    const { user } = await createTechnician(t.app);
    const cookie = await signIn(t.app, user.username!);
    const res = await call('PATCH', cookie, {
      isAvailable: false,
      hourlyRate: 97.5,
      bio: 'Twenty years fixing brakes.',
      specialties: ['Brake Service', 'Diagnostics'],
      certifications: ['ASE A5 Brakes'],
      zipCode: '20601',
      serviceRadiusMiles: 40,
      profileImage: 'https://example.com/me.jpg',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      isAvailable: false,
      hourlyRate: '97.50',
      bio: 'Twenty years fixing brakes.',
      specialties: ['Brake Service', 'Diagnostics'],
      certifications: ['ASE A5 Brakes'],
      location: 'Waldorf, MD',
      zipCode: '20601',
      serviceRadiusMiles: 40,
      profileImage: 'https://example.com/me.jpg',
    });
    expect(res.json().dispatchBlockers).toContain('You are marked as unavailable.');
    const named = await call('PATCH', cookie, { location: 'Laurel, MD' });
    expect(named.json()).toMatchObject({ location: 'Laurel, MD', zipCode: '20707' });
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
      [{ profileImage: 'javascript:alert(1)' }, 'Profile photo must be a URL'],
    ];
    for (const [payload, message] of cases) {
      const res = await call('PATCH', cookie, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('tells the technician when an expired or rejected license stops dispatch', async () => {
    const { user, technician } = await createTechnician(t.app);
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
        'Your license has expired. Add a current license to receive jobs.',
        'Your insurance verification was rejected. Add a valid insurance to receive jobs.',
      ]),
    );
  });

  it('is for technicians only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/technicians/me' })).statusCode).toBe(
      401,
    );
    const c = await createUser(t.app);
    expect((await call('GET', await signIn(t.app, c.username!))).statusCode).toBe(403);
  });
});
