import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCATIONS } from '../../src/shared/constants/locations';
import {
  CHECK_NOTE_REQUIRED,
  CHECKED_REFERENCE_REQUIRED,
  CHECKED_REGISTRY_REQUIRED,
} from '../../src/shared/schemas/verifications';
import { CERTIFICATIONS_FROM_VERIFICATIONS } from '../../src/shared/schemas/profile';
import { TECHNICIAN_NOT_AVAILABLE } from '../../src/shared/schemas/service-requests';
import { auditLog, jobNotifications, verifications } from '../../src/server/db/schema';
import { createTechnician, createUser, signIn } from '../helpers/factories';
import {
  buildUploadTestApp,
  createVerification,
  freshIp,
  uploadDocument,
} from '../helpers/onboarding-factories';

/**
 * What the marketplace says about a technician's credentials is true (ADR 033): the best record
 * of each kind decides, a rejected or expired record can be withdrawn, the profile says what
 * blocks leads and how to lift it, only verified credentials are public, only certified
 * technicians are counted and get leads, Verified needs evidence on the record, and a technician
 * awaiting approval can add credentials that the admin's approval card links.
 */

// Each test works in a town of its own, far from the others' technicians.
const town = (name: string) => LOCATIONS.find((l) => l.name === name)!;

let t: Awaited<ReturnType<typeof buildUploadTestApp>>;
let adminCookie: string;
beforeAll(async () => {
  t = await buildUploadTestApp();
  const admin = await createUser(t.app, { role: 'admin', firstName: 'Avery' });
  adminCookie = await signIn(t.app, admin.username!);
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: object,
) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    payload,
    remoteAddress: freshIp(),
  });

async function technician(opts: Parameters<typeof createTechnician>[1] = {}) {
  const { user, technician: tech } = await createTechnician(t.app, {
    specialties: ['Brake Service'],
    plan: 'Professional',
    ...opts,
  });
  return { user, id: tech.id, cookie: await signIn(t.app, user.username!) };
}

/** A brake request in `location`; the ids of the technicians it reached. */
async function requestIn(location: string) {
  const res = await call('POST', '/api/service-requests', undefined, {
    serviceType: 'Brake Service',
    description:
      'Brakes grind.\n\nCustomer: Pat Doe\nEmail: x\nPhone: Not specified\nVehicle: 2019 Ford Focus\nMileage: Not specified',
    urgency: 'high',
    location,
    customerName: 'Pat Doe',
    customerEmail: 'pat@example.com',
  });
  expect(res.statusCode, res.body).toBe(201);
  const rows = await t.app.db
    .select()
    .from(jobNotifications)
    .where(eq(jobNotifications.serviceRequestId, res.json().id));
  return rows.map((r) => r.technicianId);
}

const profile = async (cookie: string) =>
  (await call('GET', '/api/technicians/me', cookie)).json() as {
    certified: boolean;
    dispatchBlockers: string[];
    certifications: string[];
    pendingCertifications: string[];
  };

describe('dispatch judges the best current record of each kind', () => {
  it('a rejected insurance and an expired license beside verified ones block nothing', async () => {
    const laurel = town('Laurel, MD');
    const me = await technician({ location: laurel });
    await createVerification(t.app, me.id, {
      verificationType: 'insurance',
      verificationStatus: 'rejected',
      notes: 'Wrong business name',
    });
    await createVerification(t.app, me.id, {
      verificationType: 'license',
      verificationStatus: 'verified',
      expirationDate: '2020-01-01',
    });
    expect(await requestIn('Laurel, MD')).toContain(me.id);
    const mine = await profile(me.cookie);
    expect(mine.certified).toBe(true);
    expect(mine.dispatchBlockers).toEqual([]);
    const listed = (await call('GET', `/api/technicians/${me.id}`)).json();
    expect(listed.certified).toBe(true);
  });
});

describe('withdrawing a rejected or expired record', () => {
  it('takes it off the lists and keeps it on record, by the technician or an admin', async () => {
    const me = await technician();
    const other = await technician();
    const rejected = await createVerification(t.app, me.id, {
      verificationType: 'insurance',
      verificationStatus: 'rejected',
    });
    // Expired by its date, not yet swept.
    const expired = await createVerification(t.app, me.id, {
      verificationStatus: 'verified',
      expirationDate: '2021-06-30',
    });
    const storedExpired = await createVerification(t.app, me.id, {
      verificationStatus: 'expired',
    });

    const lapsed = async () =>
      (await call('GET', '/api/admin/verifications/lapsed', adminCookie))
        .json()
        .filter((v: { technicianId: number }) => v.technicianId === me.id)
        .map((v: { id: number }) => v.id)
        .sort();
    expect(await lapsed()).toEqual([rejected.id, expired.id, storedExpired.id].sort());

    expect(
      (await call('DELETE', `/api/verifications/${rejected.id}`, other.cookie)).statusCode,
    ).toBe(403);
    const res = await call('DELETE', `/api/verifications/${rejected.id}`, me.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Verification withdrawn' });
    const byAdmin = await call('DELETE', `/api/verifications/${expired.id}`, adminCookie);
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(
      (await call('DELETE', `/api/verifications/${storedExpired.id}`, me.cookie)).statusCode,
    ).toBe(200);

    // Left: the verified license and insurance.
    const list = (
      await call('GET', `/api/verifications/technician/${me.id}`, me.cookie)
    ).json() as {
      id: number;
      verificationStatus: string;
    }[];
    expect(list.map((v) => v.id)).not.toContain(rejected.id);
    expect(list.map((v) => v.verificationStatus)).toEqual(['verified', 'verified']);
    expect(await lapsed()).toEqual([]);
    // Kept on record, with who withdrew it; the audit trail says so.
    const [row] = await t.app.db
      .select()
      .from(verifications)
      .where(eq(verifications.id, expired.id));
    expect(row!.withdrawnAt).not.toBeNull();
    expect(row!.verificationStatus).toBe('verified');
    const entries = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'verification.withdraw'),
          eq(auditLog.entityId, String(rejected.id)),
        ),
      );
    expect(entries[0]!.details).toMatchObject({ technicianId: me.id, status: 'rejected' });
    // Gone from the technician's point of view: a second withdrawal finds nothing.
    expect((await call('DELETE', `/api/verifications/${rejected.id}`, me.cookie)).statusCode).toBe(
      404,
    );
    expect(
      (
        await call('PATCH', `/api/verifications/${rejected.id}/status`, adminCookie, {
          status: 'pending',
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe("the technician's profile says what blocks leads, and following it lifts the block", () => {
  it('a rejected insurance alone: add a valid one, it is verified, leads start', async () => {
    const bowie = town('Bowie, MD');
    const me = await technician({ location: bowie, credentials: false });
    await createVerification(t.app, me.id, {
      verificationType: 'license',
      verificationStatus: 'verified',
    });
    await createVerification(t.app, me.id, {
      verificationType: 'insurance',
      credentialName: 'Liability',
      verificationStatus: 'rejected',
      notes: 'The certificate names another business.',
    });
    const before = await profile(me.cookie);
    expect(before.certified).toBe(false);
    expect(before.dispatchBlockers).toEqual([
      'Your insurance "Liability" was rejected (The certificate names another business). Add a valid insurance under My Verifications: job notifications start once our admin team verifies it.',
    ]);
    expect(await requestIn('Bowie, MD')).not.toContain(me.id);

    const added = await call('POST', '/api/verifications', me.cookie, {
      technicianId: me.id,
      verificationType: 'insurance',
      credentialName: 'General Liability Insurance',
      issuingOrganization: 'State Farm',
      credentialNumber: 'GL-7781',
    });
    expect(added.statusCode).toBe(201);
    expect((await profile(me.cookie)).dispatchBlockers).toEqual([
      'Your insurance "General Liability Insurance" is waiting for review by our admin team: job notifications start once it is verified. Nothing else to do.',
    ]);

    const verified = await call(
      'PATCH',
      `/api/verifications/${added.json().id}/status`,
      adminCookie,
      {
        status: 'verified',
        checkedRegistry: 'State Farm policy verification line',
        checkedReference: 'GL-7781',
      },
    );
    expect(verified.statusCode, verified.body).toBe(200);
    const after = await profile(me.cookie);
    expect(after.certified).toBe(true);
    expect(after.dispatchBlockers).toEqual([]);
    expect(await requestIn('Bowie, MD')).toContain(me.id);
  });

  it('names a missing or expired credential and the plan that brings no leads', async () => {
    const me = await technician({ credentials: false, plan: undefined });
    await createVerification(t.app, me.id, {
      verificationType: 'license',
      credentialName: 'MD License',
      verificationStatus: 'verified',
      expirationDate: '2021-06-30',
    });
    expect((await profile(me.cookie)).dispatchBlockers).toEqual([
      'Your license "MD License" expired on Jun 30, 2021. Add your renewed license under My Verifications: job notifications start once our admin team verifies it.',
      'No insurance on file. Add your insurance under My Verifications: job notifications start once our admin team verifies it.',
      'Your plan does not include job leads. Choose a plan under Subscription Plans to receive them.',
    ]);
  });
});

describe('public pages show verified credentials only', () => {
  it('a pending certification is shown to the technician alone, marked pending', async () => {
    const me = await technician();
    const pending = await createVerification(t.app, me.id, {
      verificationType: 'certification',
      credentialName: 'ASE Master Technician',
      verificationStatus: 'pending',
    });
    await createVerification(t.app, me.id, {
      verificationType: 'certification',
      credentialName: 'ASE A5 Brakes',
      verificationStatus: 'verified',
    });
    await createVerification(t.app, me.id, {
      verificationType: 'certification',
      credentialName: 'ASE A1 Engine Repair',
      verificationStatus: 'rejected',
    });

    const anonymous = (await call('GET', `/api/technicians/${me.id}`)).json();
    expect(anonymous.certifications).toEqual(['ASE A5 Brakes']);
    expect(anonymous).not.toHaveProperty('pendingCertifications');
    const search = (await call('GET', `/api/technicians?name=${me.user.firstName}`)).json();
    expect(search.find((x: { id: number }) => x.id === me.id).certifications).toEqual([
      'ASE A5 Brakes',
    ]);
    const someoneElse = await technician();
    expect(
      (await call('GET', `/api/technicians/${me.id}`, someoneElse.cookie)).json(),
    ).not.toHaveProperty('pendingCertifications');

    const own = (await call('GET', `/api/technicians/${me.id}`, me.cookie)).json();
    expect(own.certifications).toEqual(['ASE A5 Brakes']);
    expect(own.pendingCertifications).toEqual(['ASE Master Technician']);
    expect(await profile(me.cookie)).toMatchObject({
      certifications: ['ASE A5 Brakes'],
      pendingCertifications: ['ASE Master Technician'],
    });

    // Verified: public at once (the listing's caches follow the verification).
    await call('PATCH', `/api/verifications/${pending.id}/status`, adminCookie, {
      status: 'verified',
      checkedRegistry: 'ASE certification verification (ase.com)',
      checkedReference: 'ASE-1000000',
    });
    const searchAgain = (await call('GET', `/api/technicians?name=${me.user.firstName}`)).json();
    // In the order they were added.
    expect(searchAgain.find((x: { id: number }) => x.id === me.id).certifications).toEqual([
      'ASE Master Technician',
      'ASE A5 Brakes',
    ]);
  });

  it('a profile cannot claim certifications of its own', async () => {
    const me = await technician();
    const res = await call('PATCH', '/api/technicians/me', me.cookie, {
      certifications: ['ASE Master Technician'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(CERTIFICATIONS_FROM_VERIFICATIONS);
    expect((await call('GET', `/api/technicians/${me.id}`)).json().certifications).toEqual([]);
  });
});

describe('a technician without a verified license and insurance', () => {
  it('is listed as new (not certified), not counted, and gets no leads', async () => {
    const waldorf = town('Waldorf, MD');
    const statsBefore = (await call('GET', '/api/stats')).json();
    const approvedOnly = await technician({ location: waldorf, credentials: false });
    const licenseOnly = await technician({ location: waldorf, credentials: false });
    await createVerification(t.app, licenseOnly.id, {
      verificationType: 'license',
      verificationStatus: 'verified',
    });
    await createVerification(t.app, licenseOnly.id, {
      verificationType: 'insurance',
      verificationStatus: 'pending',
    });

    const stats = (await call('GET', '/api/stats')).json();
    expect(stats.approvedTechnicians).toBe(statsBefore.approvedTechnicians + 2);
    expect(stats.certifiedTechnicians).toBe(statsBefore.certifiedTechnicians);

    const listed = (await call('GET', '/api/technicians?location=Waldorf%2C%20MD&maxDistance=5'))
      .json()
      .filter((x: { id: number }) => [approvedOnly.id, licenseOnly.id].includes(x.id));
    expect(listed).toHaveLength(2);
    for (const x of listed) expect(x).toMatchObject({ certified: false, certifications: [] });

    const reached = await requestIn('Waldorf, MD');
    expect(reached).not.toContain(approvedOnly.id);
    expect(reached).not.toContain(licenseOnly.id);

    const first = await call('POST', '/api/service-requests', undefined, {
      serviceType: 'Brake Service',
      description:
        'Brakes grind.\n\nCustomer: Pat Doe\nEmail: x\nPhone: Not specified\nVehicle: 2019 Ford Focus\nMileage: Not specified',
      urgency: 'high',
      location: 'Waldorf, MD',
      customerName: 'Pat Doe',
      customerEmail: 'pat@example.com',
      preferredTechnicianId: approvedOnly.id,
    });
    expect(first.statusCode).toBe(400);
    expect(first.json().issues[0]).toMatchObject({
      path: 'preferredTechnicianId',
      message: TECHNICIAN_NOT_AVAILABLE,
    });
  });
});

describe('marking Verified needs a document or a note of how it was checked', () => {
  it('refuses a credential without a document and no note; keeps the note on the record', async () => {
    const me = await technician({ credentials: false });
    const v = await createVerification(t.app, me.id, { verificationType: 'license' });
    const bare = await call('PATCH', `/api/verifications/${v.id}/status`, adminCookie, {
      status: 'verified',
      notes: 'Looks fine',
    });
    expect(bare.statusCode).toBe(400);
    expect(bare.json()).toMatchObject({
      message: CHECK_NOTE_REQUIRED,
      issues: [
        { path: 'checkedRegistry', message: CHECKED_REGISTRY_REQUIRED },
        { path: 'checkedReference', message: CHECKED_REFERENCE_REQUIRED },
      ],
    });
    const half = await call('PATCH', `/api/verifications/${v.id}/status`, adminCookie, {
      status: 'verified',
      checkedRegistry: 'Maryland MVA license lookup',
    });
    expect(half.statusCode).toBe(400);
    expect(half.json().issues).toEqual([
      { path: 'checkedReference', message: CHECKED_REFERENCE_REQUIRED },
    ]);
    // Nothing was written.
    const [untouched] = await t.app.db
      .select()
      .from(verifications)
      .where(eq(verifications.id, v.id));
    expect(untouched).toMatchObject({
      verificationStatus: 'pending',
      notes: null,
      verifiedAt: null,
    });

    const ok = await call('PATCH', `/api/verifications/${v.id}/status`, adminCookie, {
      status: 'verified',
      checkedRegistry: 'Maryland MVA license lookup',
      checkedReference: 'MD-4120000',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      verificationStatus: 'verified',
      checkedRegistry: 'Maryland MVA license lookup',
      checkedReference: 'MD-4120000',
    });
    const mine = (await call('GET', `/api/verifications/technician/${me.id}`, me.cookie)).json();
    expect(mine[0]).toMatchObject({ checkedReference: 'MD-4120000' });
  });

  it('accepts a credential with its document attached', async () => {
    const me = await technician({ credentials: false });
    const doc = await uploadDocument(t.app, { cookie: me.cookie });
    const added = await call('POST', '/api/verifications', me.cookie, {
      technicianId: me.id,
      verificationType: 'insurance',
      credentialName: 'General Liability Insurance',
      issuingOrganization: 'State Farm',
      documentId: doc.documentId,
    });
    const ok = await call('PATCH', `/api/verifications/${added.json().id}/status`, adminCookie, {
      status: 'verified',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ verificationStatus: 'verified', checkedRegistry: null });
    // Rejecting needs no evidence.
    const other = await createVerification(t.app, me.id);
    expect(
      (
        await call('PATCH', `/api/verifications/${other.id}/status`, adminCookie, {
          status: 'rejected',
          notes: 'Unreadable',
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('a technician who registers from the sign-in dialog', () => {
  it('adds credentials while pending, and the approval card links their documents', async () => {
    const username = `pending.${Date.now()}`;
    const registered = await call('POST', '/api/auth/register', undefined, {
      username,
      email: `${username}@example.com`,
      password: 'a-long-enough-passphrase-1',
      firstName: 'Jordan',
      lastName: 'Reyes',
      accountType: 'technician',
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const cookie = await signIn(t.app, username, 'a-long-enough-passphrase-1');
    const me = (await call('GET', '/api/auth/current-user', cookie)).json();
    expect(me.status).toBe('pending');

    const doc = await uploadDocument(t.app, { cookie });
    const added = await call('POST', '/api/verifications', cookie, {
      technicianId: me.technicianId,
      verificationType: 'license',
      credentialName: 'Maryland Driver License',
      issuingOrganization: 'Maryland MVA',
      documentId: doc.documentId,
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().verificationStatus).toBe('pending');

    const queue = (await call('GET', '/api/admin/pending-approvals', adminCookie)).json();
    const card = queue.find(
      (p: { kind: string; id: number }) => p.kind === 'registration' && p.id === me.id,
    );
    expect(card.documents).toEqual([
      { label: 'Professional License: Maryland Driver License', documentId: doc.documentId },
    ]);
    const link = await call('GET', `/api/documents/${doc.documentId}/link`, adminCookie);
    expect(link.statusCode).toBe(200);
  });
});
