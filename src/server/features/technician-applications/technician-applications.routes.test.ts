import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../../../tests/helpers/factories';
import {
  applicationPayload,
  freshIp,
  lastMail,
  setPasswordTokenFromMail,
  submitApplication,
  TINY_PDF,
  TINY_PNG,
  uploadDocument,
  buildUploadTestApp,
} from '../../../../tests/helpers/onboarding-factories';
import { auditLog, documents, technicianApplications, technicians, users } from '../../db/schema';

let t: Awaited<ReturnType<typeof buildUploadTestApp>>;
let adminCookie: string;
beforeAll(async () => {
  t = await buildUploadTestApp();
  const admin = await createUser(t.app, { role: 'admin', firstName: 'Ada' });
  adminCookie = await signIn(t.app, admin.username!);
});
afterAll(() => t.close());

const post = (payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/technician-applications',
    remoteAddress: freshIp(),
    payload,
  });
const asAdmin = (method: 'GET' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: adminCookie }, payload });

describe('POST /api/technician-applications', () => {
  it('stores the application with its documents and e-mails the applicant', async () => {
    const { res, license, ase } = await submitApplication(t.app, { hourlyRate: 85.5 });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      status: 'pending',
      message:
        "Thank you for your application! We'll review it and get back to you within 2-3 business days.",
    });
    const [row] = await t.app.db
      .select()
      .from(technicianApplications)
      .where(eq(technicianApplications.id, body.id));
    expect(row).toMatchObject({
      status: 'pending',
      hourlyRateCents: 8550,
      state: 'MD',
      zipCode: '20737',
      specialties: ['Brakes', 'Oil Changes', 'Body Work'],
      driversLicenseDocumentId: license.documentId,
      aseCertificationDocumentId: ase.documentId,
    });
    const docs = await t.app.db
      .select()
      .from(documents)
      .where(eq(documents.id, license.documentId));
    expect(docs[0]).toMatchObject({ kind: 'driversLicense', ownerUserId: null });

    const mail = await lastMail(t.app, row!.email, 'application_received');
    expect(mail?.textBody).toContain('2-3 business days');

    const queue = (await asAdmin('GET', '/api/admin/pending-approvals')).json();
    expect(queue).toContainEqual(
      expect.objectContaining({
        kind: 'application',
        id: body.id,
        documents: [
          { label: "Driver's License", documentId: license.documentId },
          { label: 'ASE Certification', documentId: ase.documentId },
        ],
      }),
    );
  });

  it('validates every field with the texts of the form', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ firstName: 'M' }, 'First name must be at least 2 characters'],
      [{ firstName: undefined }, 'First name must be at least 2 characters'],
      [{ lastName: ' J ' }, 'Last name must be at least 2 characters'],
      [{ email: 'marcus-at-example' }, 'Please enter a valid email address'],
      [{ phone: '301-555' }, 'Please enter a valid phone number'],
      [{ address: '12 A' }, 'Please enter a complete address'],
      [{ city: 'X' }, 'Please enter a valid city'],
      [{ state: 'NY' }, 'Please select a state'],
      [{ state: '' }, 'Please select a state'],
      [{ zipCode: '2073' }, 'Please enter a valid ZIP code'],
      [{ zipCode: 'abcde' }, 'Please enter a valid ZIP code'],
      [{ zipCode: '00000' }, 'Please enter a valid ZIP code'],
      [{ yearsExperience: -1 }, 'Years of experience must be 0 or more'],
      [{ yearsExperience: 'many' }, 'Years of experience must be 0 or more'],
      [{ specialties: [] }, 'Please select at least one specialty'],
      [{ specialties: undefined }, 'Please select at least one specialty'],
      [{ hourlyRate: 9.99 }, 'Hourly rate must be at least $10'],
      [{ hourlyRate: undefined }, 'Hourly rate must be at least $10'],
      [{ bio: 'Good with brakes.' }, 'Bio must be at least 50 characters'],
    ];
    for (const [override, message] of cases) {
      const res = await post(applicationPayload(override));
      expect(res.statusCode, JSON.stringify(override)).toBe(400);
      expect(res.json().message, JSON.stringify(override)).toBe(message);
    }
    // 0 years and exactly $10 are fine (the documents are what is missing then).
    const edge = await post(applicationPayload({ yearsExperience: 0, hourlyRate: 10 }));
    expect(edge.json().message).toMatch(/^Missing Required Documents/);
  });

  it('requires both documents, naming the missing ones', async () => {
    const license = await uploadDocument(t.app);
    const ase = await uploadDocument(t.app, { bytes: TINY_PDF });
    const cases: [Record<string, unknown>, string][] = [
      [{}, "Missing Required Documents: Please upload: Driver's License, ASE Certification"],
      [
        { driversLicenseUrl: license.uploadURL },
        'Missing Required Documents: Please upload: ASE Certification',
      ],
      [
        { aseCertificationUrl: ase.uploadURL, driversLicenseUrl: '' },
        "Missing Required Documents: Please upload: Driver's License",
      ],
    ];
    for (const [docs, message] of cases) {
      const res = await post(applicationPayload(docs));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    }
  });

  it('checks the documents: uploaded, one per slot, not used elsewhere, and really yours', async () => {
    const a = await uploadDocument(t.app);
    const b = await uploadDocument(t.app, { bytes: TINY_PDF });
    const same = await post(
      applicationPayload({ driversLicenseUrl: a.uploadURL, aseCertificationUrl: a.uploadURL }),
    );
    expect(same.statusCode).toBe(400);
    expect(same.json().message).toBe('Please upload a separate file for each document');

    const awaiting = (
      await t.app.inject({ method: 'POST', url: '/api/documents/upload', remoteAddress: freshIp() })
    ).json();
    const notUploaded = await post(
      applicationPayload({
        driversLicenseUrl: awaiting.uploadURL,
        aseCertificationUrl: b.uploadURL,
      }),
    );
    expect(notUploaded.statusCode).toBe(409);
    expect(notUploaded.json().message).toBe('The document has not been uploaded yet');

    // An anonymous upload is named by its upload URL: a bare id proves nothing.
    const byId = await post(
      applicationPayload({
        driversLicenseUrl: String(a.documentId),
        aseCertificationUrl: b.uploadURL,
      }),
    );
    expect(byId.statusCode).toBe(403);
    expect(byId.json().message).toBe('You can only attach your own documents');
    const forged = await post(
      applicationPayload({
        driversLicenseUrl: `${a.uploadURL}x`,
        aseCertificationUrl: b.uploadURL,
      }),
    );
    expect(forged.statusCode).toBe(400);

    // Nothing was half-written by the refusals: the same documents still go through once.
    expect(
      (
        await post(
          applicationPayload({ driversLicenseUrl: a.uploadURL, aseCertificationUrl: b.uploadURL }),
        )
      ).statusCode,
    ).toBe(201);
    const reused = await post(
      applicationPayload({
        driversLicenseUrl: a.uploadURL,
        aseCertificationUrl: (await uploadDocument(t.app)).uploadURL,
      }),
    );
    expect(reused.statusCode).toBe(409);
    expect(reused.json().message).toBe('This document is already attached elsewhere');
  });

  it('accepts documents whose 15-minute upload window has closed since', async () => {
    const license = await uploadDocument(t.app);
    const ase = await uploadDocument(t.app, { bytes: TINY_PDF });
    t.clock.advance(40 * 60_000);
    const res = await post(
      applicationPayload({
        driversLicenseUrl: license.uploadURL,
        aseCertificationUrl: ase.uploadURL,
      }),
    );
    expect(res.statusCode).toBe(201);
  });

  it('refuses a second pending application for the same e-mail, and an e-mail that has an account', async () => {
    const email = `dup.${process.pid}@example.com`;
    expect((await submitApplication(t.app, { email })).res.statusCode).toBe(201);
    const again = await submitApplication(t.app, { email: email.toUpperCase() });
    expect(again.res.statusCode).toBe(409);
    expect(again.res.json().message).toBe(
      'An application with this email is already pending review',
    );

    const user = await createUser(t.app);
    const taken = await submitApplication(t.app, { email: user.email });
    expect(taken.res.statusCode).toBe(409);
    expect(taken.res.json().message).toBe(
      'An account with this email already exists. Please sign in instead.',
    );
  });
});

describe('admin review', () => {
  it('approval creates a working technician account and profile', async () => {
    const email = `marcus.johnson+wrench@example.com`;
    const { res, license } = await submitApplication(t.app, { email });
    const id = res.json().id as number;

    const detail = await asAdmin('GET', `/api/admin/applications/${id}`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({
      id,
      email,
      status: 'pending',
      hourlyRate: '85.50',
      documents: [
        {
          type: 'driversLicense',
          label: "Driver's License",
          documentId: license.documentId,
          contentType: 'image/png',
        },
        { type: 'aseCertification', label: 'ASE Certification', contentType: 'application/pdf' },
      ],
    });
    const file = await t.app.inject({ method: 'GET', url: detail.json().documents[0].url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(TINY_PNG)).toBe(true);

    const approved = await asAdmin('PATCH', `/api/admin/applications/${id}/approve`);
    expect(approved.statusCode).toBe(200);
    const { userId, technicianId, username } = approved.json();
    expect(username).toBe('marcus.johnsonwrench');

    const [user] = await t.app.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({
      role: 'technician',
      status: 'approved',
      passwordHash: null,
      email,
    });
    const [tech] = await t.app.db
      .select()
      .from(technicians)
      .where(eq(technicians.id, technicianId));
    expect(tech).toMatchObject({
      userId,
      location: 'Riverdale, MD',
      zipCode: '20737',
      serviceRadiusMiles: 25,
      isAvailable: true,
      hourlyRateCents: 8550,
      yearsExperience: 8,
      // Body Work has no service type: shown on the application, never matched.
      specialties: ['Brake Service', 'Oil Change'],
    });
    expect(tech!.latitude).toBeCloseTo(38.96, 1);
    const [doc] = await t.app.db
      .select()
      .from(documents)
      .where(eq(documents.id, license.documentId));
    expect(doc!.ownerUserId).toBe(userId);
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'application.approve'), eq(auditLog.entityId, String(id))));
    expect(entry).toMatchObject({
      entityType: 'technician_application',
      details: { userId, technicianId, username },
    });
    expect((await asAdmin('GET', `/api/admin/applications/${id}`)).json()).toMatchObject({
      status: 'approved',
      reviewedBy: expect.stringContaining('Ada'),
      userId,
    });

    // The e-mailed link sets the password; then the technician signs in and is listed.
    const mail = await lastMail(t.app, email, 'application_approved');
    expect(mail!.textBody).toContain(`Your username is ${username}`);
    expect(mail!.textBody).toMatch(/http:\/\/localhost:\d+\/set-password#token=/);
    const token = await setPasswordTokenFromMail(t.app, email);
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-password/check',
      payload: { token },
    });
    expect(check.json()).toEqual({ valid: true, purpose: 'set', email, username });
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: { token, password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Password must be at least 8 characters');
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/auth/set-password',
      payload: { token, password: 'new-password-1' },
    });
    expect(set.statusCode).toBe(200);
    const cookie = await signIn(t.app, username, 'new-password-1');
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/current-user',
      headers: { cookie },
    });
    expect(me.json()).toMatchObject({ role: 'technician', status: 'approved', technicianId });
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/technicians?pageSize=100' })
    ).json();
    expect(listed).toContainEqual(
      expect.objectContaining({ id: technicianId, location: 'Riverdale, MD', hourlyRate: '85.50' }),
    );
    // Now the documents are the technician's own.
    const link = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${license.documentId}/link`,
      headers: { cookie },
    });
    expect(link.statusCode).toBe(200);

    const twice = await asAdmin('PATCH', `/api/admin/applications/${id}/approve`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This application has already been approved');
    expect((await asAdmin('PATCH', `/api/admin/applications/${id}/reject`, {})).statusCode).toBe(
      409,
    );
  });

  it('makes usernames unique and turns a guest customer record into the account', async () => {
    const first = await submitApplication(t.app, { email: 'sam.lee@one.example.com' });
    const second = await submitApplication(t.app, { email: 'sam.lee@two.example.com' });
    const a = (
      await asAdmin('PATCH', `/api/admin/applications/${first.res.json().id}/approve`)
    ).json();
    const b = (
      await asAdmin('PATCH', `/api/admin/applications/${second.res.json().id}/approve`)
    ).json();
    expect([a.username, b.username]).toEqual(['sam.lee', 'sam.lee2']);

    const [guest] = await t.app.db
      .insert(users)
      .values({
        email: 'guest.mechanic@example.com',
        role: 'customer',
        status: 'approved',
        isGuest: true,
      })
      .returning();
    const applied = await submitApplication(t.app, { email: 'guest.mechanic@example.com' });
    expect(applied.res.statusCode).toBe(201);
    const approved = await asAdmin(
      'PATCH',
      `/api/admin/applications/${applied.res.json().id}/approve`,
    );
    expect(approved.json().userId).toBe(guest!.id);
    const [user] = await t.app.db.select().from(users).where(eq(users.id, guest!.id));
    expect(user).toMatchObject({ role: 'technician', isGuest: false, username: 'guest.mechanic' });
  });

  it('refuses approval when the e-mail got an account meanwhile', async () => {
    const email = `late.${process.pid}@example.com`;
    const { res } = await submitApplication(t.app, { email });
    await createUser(t.app, { email });
    const approved = await asAdmin('PATCH', `/api/admin/applications/${res.json().id}/approve`);
    expect(approved.statusCode).toBe(409);
    expect(approved.json().message).toBe('An account with this email already exists');
    expect((await asAdmin('GET', `/api/admin/applications/${res.json().id}`)).json().status).toBe(
      'pending',
    );
  });

  it('rejection e-mails the applicant with the reason; the e-mail may apply again', async () => {
    const email = `rejected.${process.pid}@example.com`;
    const { res } = await submitApplication(t.app, { email });
    const id = res.json().id;
    const rejected = await asAdmin('PATCH', `/api/admin/applications/${id}/reject`, {
      reason: 'ASE certification could not be verified',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toEqual({ message: 'Application rejected' });
    const mail = await lastMail(t.app, email, 'application_rejected');
    expect(mail!.textBody).toContain('Reason: ASE certification could not be verified');
    expect((await asAdmin('GET', `/api/admin/applications/${id}`)).json()).toMatchObject({
      status: 'rejected',
      reviewNotes: 'ASE certification could not be verified',
    });
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'application.reject'), eq(auditLog.entityId, String(id))));
    expect(entry).toBeDefined();
    const again = await asAdmin('PATCH', `/api/admin/applications/${id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This application has already been rejected');
    expect((await submitApplication(t.app, { email })).res.statusCode).toBe(201);
  });

  it('answers 404 for an unknown application', async () => {
    for (const [method, url] of [
      ['GET', '/api/admin/applications/999999'],
      ['PATCH', '/api/admin/applications/999999/approve'],
      ['PATCH', '/api/admin/applications/999999/reject'],
    ] as const) {
      expect((await asAdmin(method, url)).statusCode).toBe(404);
    }
  });
});
