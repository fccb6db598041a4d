import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTechnician, createUser, signIn } from '../../../../tests/helpers/factories';
import {
  buildUploadTestApp,
  createVerification,
  TINY_PDF,
  uploadDocument,
} from '../../../../tests/helpers/onboarding-factories';
import { auditLog, documents, outbox, verifications } from '../../db/schema';
import { addDays, sweepVerifications, verificationToday } from './verifications.expiry';

let t: Awaited<ReturnType<typeof buildUploadTestApp>>;
let adminCookie: string;
beforeAll(async () => {
  t = await buildUploadTestApp();
  const admin = await createUser(t.app, { role: 'admin', firstName: 'Grace' });
  adminCookie = await signIn(t.app, admin.username!);
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  cookie?: string,
  payload?: object,
) => t.app.inject({ method, url, headers: cookie ? { cookie } : {}, payload });
const today = () => verificationToday(t.clock.now);

/** A technician with no credentials on file yet: the lists below hold only what a test adds. */
async function technician(opts: Parameters<typeof createTechnician>[1] = {}) {
  const { user, technician: tech } = await createTechnician(t.app, { credentials: false, ...opts });
  return { user, id: tech.id, cookie: await signIn(t.app, user.username!) };
}

const valid = (technicianId: number, extra: object = {}) => ({
  technicianId,
  verificationType: 'insurance',
  credentialName: 'General Liability Insurance',
  issuingOrganization: 'State Farm',
  ...extra,
});

describe('technician: own verifications', () => {
  it('adds a pending verification and lists it; another technician gets 403', async () => {
    const me = await technician();
    const other = await technician();
    const res = await call(
      'POST',
      '/api/verifications',
      me.cookie,
      valid(me.id, {
        credentialNumber: 'GL-2291-55',
        issueDate: '2025-01-15',
        expirationDate: '2027-01-15',
        notes: '',
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      technicianId: me.id,
      verificationType: 'insurance',
      credentialName: 'General Liability Insurance',
      issuingOrganization: 'State Farm',
      credentialNumber: 'GL-2291-55',
      issueDate: '2025-01-15',
      expirationDate: '2027-01-15',
      notes: null,
      verificationStatus: 'pending',
      verifiedAt: null,
      verifiedBy: null,
      checkedRegistry: null,
      checkedReference: null,
      documentId: null,
      documentUrl: null,
      createdAt: expect.any(String),
    });

    const list = await call('GET', `/api/verifications/technician/${me.id}`, me.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((v: { id: number }) => v.id)).toEqual([res.json().id]);

    const theirs = await call('GET', `/api/verifications/technician/${me.id}`, other.cookie);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().message).toBe('You can only access your own records');
    const forOther = await call('POST', '/api/verifications', other.cookie, valid(me.id));
    expect(forOther.statusCode).toBe(403);
    expect(forOther.json().message).toBe('You can only add verifications to your own profile');
    const byAdmin = await call('POST', '/api/verifications', adminCookie, valid(me.id));
    expect(byAdmin.statusCode).toBe(403);

    expect(
      (await call('GET', `/api/verifications/technician/${me.id}`, adminCookie)).json(),
    ).toHaveLength(1);
    expect(
      (await call('GET', '/api/verifications/technician/999999', adminCookie)).statusCode,
    ).toBe(404);
  });

  it('requires type, credential name and issuing organization; checks the dates', async () => {
    const me = await technician();
    const cases: [object, string][] = [
      [{ verificationType: undefined }, 'Please fill in all required fields'],
      [{ verificationType: '' }, 'Please fill in all required fields'],
      [{ credentialName: '   ' }, 'Please fill in all required fields'],
      [{ issuingOrganization: undefined }, 'Please fill in all required fields'],
      [
        { verificationType: 'diploma' },
        'Verification type must be license, certification, insurance or background_check',
      ],
      [{ issueDate: '15/01/2025' }, 'Issue date must be a date (YYYY-MM-DD)'],
      [{ expirationDate: '2025-02-30' }, 'Expiration date must be a date (YYYY-MM-DD)'],
      // PostgreSQL has no year 0 (was a 500).
      [{ issueDate: '0000-01-01' }, 'Issue date must be a date (YYYY-MM-DD)'],
      [{ expirationDate: '12345-01-01' }, 'Expiration date must be a date (YYYY-MM-DD)'],
      [
        { issueDate: '2025-03-01', expirationDate: '2025-02-01' },
        'Expiration date cannot be before the issue date',
      ],
    ];
    for (const [extra, message] of cases) {
      const res = await call('POST', '/api/verifications', me.cookie, valid(me.id, extra));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(res.json().message, JSON.stringify(extra)).toBe(message);
    }
    // A technician awaiting approval adds credentials too (they are part of what is approved).
    const pending = await technician({ status: 'pending' });
    const added = await call('POST', '/api/verifications', pending.cookie, valid(pending.id));
    expect(added.statusCode).toBe(201);
    expect(added.json().verificationStatus).toBe('pending');
  });

  it("attaches an uploaded document by upload URL or by id, only the technician's own", async () => {
    const me = await technician();
    const other = await technician();
    const byUrl = await uploadDocument(t.app, { cookie: me.cookie, bytes: TINY_PDF });
    const res = await call(
      'POST',
      '/api/verifications',
      me.cookie,
      valid(me.id, { documentUrl: byUrl.uploadURL }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().documentId).toBe(byUrl.documentId);
    const file = await t.app.inject({ method: 'GET', url: res.json().documentUrl });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');

    const byId = await uploadDocument(t.app, { cookie: me.cookie });
    expect(
      (
        await call(
          'POST',
          '/api/verifications',
          me.cookie,
          valid(me.id, { documentId: byId.documentId }),
        )
      ).statusCode,
    ).toBe(201);
    const again = await call(
      'POST',
      '/api/verifications',
      me.cookie,
      valid(me.id, { documentId: byId.documentId }),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This document is already attached elsewhere');

    const theirs = await uploadDocument(t.app, { cookie: other.cookie });
    for (const ref of [{ documentId: theirs.documentId }, { documentUrl: theirs.uploadURL }]) {
      const stolen = await call('POST', '/api/verifications', me.cookie, valid(me.id, ref));
      expect(stolen.statusCode).toBe(403);
      expect(stolen.json().message).toBe('You can only attach your own documents');
    }
  });

  it('deletes pending verifications, with their document', async () => {
    const me = await technician();
    const other = await technician();
    const doc = await uploadDocument(t.app, { cookie: me.cookie });
    const created = (
      await call(
        'POST',
        '/api/verifications',
        me.cookie,
        valid(me.id, { documentId: doc.documentId }),
      )
    ).json();
    const [stored] = await t.app.db
      .select()
      .from(documents)
      .where(eq(documents.id, doc.documentId));

    expect(
      (await call('DELETE', `/api/verifications/${created.id}`, other.cookie)).statusCode,
    ).toBe(403);
    const res = await call('DELETE', `/api/verifications/${created.id}`, me.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Verification deleted successfully' });
    expect(
      await t.app.db.select().from(verifications).where(eq(verifications.id, created.id)),
    ).toEqual([]);
    expect(await t.app.db.select().from(documents).where(eq(documents.id, doc.documentId))).toEqual(
      [],
    );
    expect(await t.app.storage.head(stored!.storageKey)).toBeNull();
    expect((await call('DELETE', `/api/verifications/${created.id}`, me.cookie)).statusCode).toBe(
      404,
    );

    // A verified one stays on record (rejected and expired ones are withdrawn: ADR 033).
    const v = await createVerification(t.app, me.id, { verificationStatus: 'verified' });
    const refused = await call('DELETE', `/api/verifications/${v.id}`, me.cookie);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'A verified credential stays on record until it expires: only pending, rejected or expired verifications can be removed',
    );
  });
});

describe('admin review', () => {
  it('sets the status; verifiedBy is the signed-in admin whatever is sent', async () => {
    const me = await technician();
    const v = await createVerification(t.app, me.id);
    const res = await call('PATCH', `/api/verifications/${v.id}/status`, adminCookie, {
      status: 'verified',
      verifiedBy: 'Admin',
      checkedRegistry: 'Maryland MVA license lookup',
      checkedReference: 'MD-4120000',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.verificationStatus).toBe('verified');
    expect(body.verifiedBy).toMatch(/^Grace Last\d+$/);
    expect(Math.abs(new Date(body.verifiedAt).getTime() - t.clock.now.getTime())).toBeLessThan(
      5000,
    );
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'verification.status'), eq(auditLog.entityId, String(v.id))));
    expect(entry!.details).toEqual({
      from: 'pending',
      to: 'verified',
      checkedRegistry: 'Maryland MVA license lookup',
      checkedReference: 'MD-4120000',
    });

    const rejected = await call('PATCH', `/api/verifications/${v.id}/status`, adminCookie, {
      status: 'rejected',
      notes: 'Policy number does not match the insurer',
      verifiedBy: 'Someone Else',
    });
    expect(rejected.json()).toMatchObject({
      verificationStatus: 'rejected',
      notes: 'Policy number does not match the insurer',
      verifiedAt: null,
      verifiedBy: body.verifiedBy,
      checkedRegistry: null,
      checkedReference: null,
    });
    const reset = await call('PATCH', `/api/verifications/${v.id}/status`, adminCookie, {
      status: 'pending',
    });
    expect(reset.json()).toMatchObject({
      verificationStatus: 'pending',
      verifiedBy: null,
      verifiedAt: null,
    });

    const noName = await createUser(t.app, { role: 'admin', firstName: '' });
    const byUsername = await call(
      'PATCH',
      `/api/verifications/${v.id}/status`,
      await signIn(t.app, noName.username!),
      {
        status: 'verified',
        checkedRegistry: 'Maryland MVA license lookup',
        checkedReference: 'MD-4120000',
      },
    );
    expect(byUsername.json().verifiedBy).toMatch(/^Last\d+$/);

    const bad = await call('PATCH', `/api/verifications/${v.id}/status`, adminCookie, {
      status: 'approved',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Status must be verified, rejected or pending');
    expect(
      (await call('PATCH', '/api/verifications/999999/status', adminCookie, { status: 'verified' }))
        .statusCode,
    ).toBe(404);
  });

  it('lists pending and expiring verifications with the technician and the document link', async () => {
    const me = await technician({ firstName: 'Priya' });
    const doc = await uploadDocument(t.app, { cookie: me.cookie });
    const pending = (
      await call(
        'POST',
        '/api/verifications',
        me.cookie,
        valid(me.id, { documentId: doc.documentId }),
      )
    ).json();
    const soon = await createVerification(t.app, me.id, {
      verificationStatus: 'verified',
      expirationDate: addDays(today(), 10),
    });
    const later = await createVerification(t.app, me.id, {
      verificationStatus: 'verified',
      expirationDate: addDays(today(), 45),
    });
    await createVerification(t.app, me.id, {
      verificationStatus: 'verified',
      expirationDate: addDays(today(), -1),
    });
    await createVerification(t.app, me.id, {
      verificationStatus: 'pending',
      expirationDate: addDays(today(), 5),
    });

    const list = (await call('GET', '/api/admin/verifications/pending', adminCookie)).json();
    const mine = list.find((v: { id: number }) => v.id === pending.id);
    expect(mine).toMatchObject({
      technician: {
        id: me.id,
        user: { firstName: 'Priya', lastName: me.user.lastName, email: me.user.email },
      },
      documentId: doc.documentId,
      documentUrl: expect.stringMatching(/^\/api\/documents\/file\//),
    });

    const ids = async (query: string) =>
      (await call('GET', `/api/admin/verifications/expiring${query}`, adminCookie))
        .json()
        .filter((v: { technicianId: number }) => v.technicianId === me.id)
        .map((v: { id: number }) => v.id);
    expect(await ids('?days=30')).toEqual([soon.id]);
    expect(await ids('')).toEqual([soon.id]);
    expect(await ids('?days=60')).toEqual([soon.id, later.id]);
    expect(
      (await call('GET', '/api/admin/verifications/expiring?days=0', adminCookie)).statusCode,
    ).toBe(400);
  });
});

describe('expiry', () => {
  // Noon in the service area: whole days of clock movement never straddle a date change.
  const NOON = new Date('2026-03-02T17:00:00Z');

  it('reads a verified credential past its date as expired, before any sweep', async () => {
    const start = t.clock.now;
    t.clock.set(NOON);
    const me = await technician();
    const v = await createVerification(t.app, me.id, {
      verificationStatus: 'verified',
      expirationDate: addDays(today(), 2),
    });
    const status = async () =>
      (await call('GET', `/api/verifications/technician/${me.id}`, me.cookie))
        .json()
        .find((x: { id: number }) => x.id === v.id).verificationStatus;
    expect(await status()).toBe('verified');
    t.clock.advance(3 * 86_400_000);
    try {
      expect(await status()).toBe('expired');
      const [row] = await t.app.db.select().from(verifications).where(eq(verifications.id, v.id));
      expect(row!.verificationStatus).toBe('verified');
    } finally {
      t.clock.set(start);
    }
  });

  it('the sweep reminds 30 and 7 days before, once each, then stores expired', async () => {
    const start = t.clock.now;
    t.clock.set(NOON);
    const me = await technician();
    const reminders = async () =>
      (
        await t.app.db
          .select()
          .from(outbox)
          .where(
            and(eq(outbox.toAddress, me.user.email), eq(outbox.template, 'verification_expiring')),
          )
      ).map((m) => m.subject);
    const v = await createVerification(t.app, me.id, {
      verificationType: 'license',
      verificationStatus: 'verified',
      expirationDate: addDays(today(), 31),
    });
    // A pending credential gets no reminder; one first seen with 5 days left gets only the 7-day one.
    await createVerification(t.app, me.id, {
      verificationStatus: 'pending',
      expirationDate: addDays(today(), 20),
    });
    const late = await createVerification(t.app, me.id, {
      verificationType: 'insurance',
      verificationStatus: 'verified',
      expirationDate: addDays(today(), 5),
    });
    try {
      await sweepVerifications(t.app);
      expect(await reminders()).toEqual(['Your Insurance Certificate expires in 5 days']);

      t.clock.advance(86_400_000);
      await sweepVerifications(t.app);
      await sweepVerifications(t.app);
      expect((await reminders()).filter((s) => s.includes('Professional License'))).toEqual([
        'Your Professional License expires in 30 days',
      ]);

      t.clock.advance(23 * 86_400_000);
      await sweepVerifications(t.app);
      await sweepVerifications(t.app);
      expect((await reminders()).filter((s) => s.includes('Professional License'))).toEqual([
        'Your Professional License expires in 30 days',
        'Your Professional License expires in 7 days',
      ]);

      t.clock.advance(8 * 86_400_000);
      await sweepVerifications(t.app);
      const rows = await t.app.db
        .select()
        .from(verifications)
        .where(eq(verifications.technicianId, me.id));
      expect(rows.find((r) => r.id === v.id)!.verificationStatus).toBe('expired');
      expect(rows.find((r) => r.id === late.id)!.verificationStatus).toBe('expired');
      expect(await reminders()).toHaveLength(3);
    } finally {
      t.clock.set(start);
    }
  });
});
