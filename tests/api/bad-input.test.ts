import { FLAT_TAX } from '../helpers/pos';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVALID_ID_MESSAGE, NUL_MESSAGE, PAGE_MESSAGE } from '../../src/shared/schemas/common';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { createTechnician, createUser, signIn, subscribeTechnician } from '../helpers/factories';

/**
 * The inputs that answered 500 in the fuzzing review, each a 400 now with a
 * clear message: NUL characters in text, ids beyond int4 (path, query, body, document
 * references), impossible calendar dates, sub-cent amounts and totals beyond the cents columns.
 */
let t: TestApp;
let tech: string;
let admin: string;
let technicianId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const x = await createTechnician(t.app);
  technicianId = x.technician.id;
  await subscribeTechnician(t.app, technicianId, 'Professional');
  tech = await signIn(t.app, x.user.username!);
  const a = await createUser(t.app, { role: 'admin' });
  admin = await signIn(t.app, a.username!);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, cookie?: string, payload?: unknown) =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    ...(payload !== undefined ? { payload: payload as object } : {}),
  });

const expect400 = async (res: Awaited<ReturnType<typeof call>>, message: string | RegExp) => {
  expect(res.statusCode, res.body).toBe(400);
  expect(res.json().message).toMatch(message);
};

const SERVICE_REQUEST = {
  serviceType: 'Brake Service',
  description: 'Grinding noise from the front wheels when braking.',
  location: 'Bowie, MD',
  customerName: 'Jordan Lee',
  customerEmail: 'jordan@example.com',
};
const QUOTE = {
  customerName: 'Pat Driver',
  items: [{ type: 'labor', description: 'Brakes', quantity: 1, unitPrice: 50 }],
  ...FLAT_TAX,
};

describe('NUL characters (PostgreSQL text cannot hold them)', () => {
  it('are refused in JSON bodies, anonymous or signed in', async () => {
    await expect400(
      await call('POST', '/api/auth/signin', undefined, { username: 'a\u0000', password: 'x' }),
      NUL_MESSAGE,
    );
    await expect400(
      await call('POST', '/api/contact', undefined, {
        name: 'Pat Driver',
        email: 'pat@example.com',
        subject: 'Hello there',
        message: 'Hello\u0000 world, a long enough message.',
      }),
      NUL_MESSAGE,
    );
    await expect400(
      await call('POST', '/api/service-requests', undefined, {
        ...SERVICE_REQUEST,
        location: 'Bowie\u0000, MD',
      }),
      NUL_MESSAGE,
    );
    await expect400(
      await call('POST', '/api/subscriptions/change', tech, { planName: '\u0000' }),
      NUL_MESSAGE,
    );
    await expect400(
      await call('POST', '/api/quotes', tech, { ...QUOTE, customerName: 'Pat\u0000' }),
      NUL_MESSAGE,
    );
  });

  it('are refused in query strings and paths', async () => {
    await expect400(await call('GET', '/api/technicians?name=a%00b'), NUL_MESSAGE);
    await expect400(await call('GET', '/api/admin/users?search=%00', admin), NUL_MESSAGE);
    await expect400(await call('GET', '/api/tools/dtc?q=mis%00fire', tech), NUL_MESSAGE);
    await expect400(await call('POST', '/api/paypal/order/1%00/capture', tech), NUL_MESSAGE);
  });

  it('are refused by the shared schemas themselves (the client validates with them too)', async () => {
    const { contactMessageSchema } = await import('../../src/shared/schemas/contact');
    const r = contactMessageSchema.safeParse({
      name: 'Pat\u0000',
      email: 'pat@example.com',
      subject: 'Hello there',
      message: 'A long enough message.',
    });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe(NUL_MESSAGE);
  });
});

describe('ids beyond the int4 columns', () => {
  it('are refused in paths, anonymous or signed in', async () => {
    for (const [url, cookie] of [
      ['/api/technicians/2147483648', undefined],
      ['/api/technicians/2147483648/reviews', undefined],
      ['/api/technicians/1/photo/2147483648', undefined],
      ['/api/quotes/technician/2147483648', admin],
      ['/api/invoices/technician/99999999999999999999', admin],
      ['/api/payment/receipts/2147483648', tech],
      ['/api/documents/2147483648/link', admin],
      ['/api/admin/applications/2147483648', admin],
      ['/api/verifications/technician/2147483648', admin],
      ['/api/job-notifications/technician/2147483648', admin],
    ] as const) {
      await expect400(await call('GET', url, cookie), INVALID_ID_MESSAGE);
    }
    await expect400(
      await call('DELETE', '/api/verifications/2147483648', admin),
      INVALID_ID_MESSAGE,
    );
    await expect400(
      await call('PATCH', '/api/job-notifications/2147483648/accept', admin),
      INVALID_ID_MESSAGE,
    );
    // The largest int4 is still an id: not found, not refused.
    expect((await call('GET', '/api/technicians/2147483647')).statusCode).toBe(404);
  });

  it('are refused in queries and bodies, including document references', async () => {
    await expect400(await call('GET', '/api/admin/users?page=1e20', admin), PAGE_MESSAGE);
    await expect400(await call('GET', '/api/admin/technicians?page=1e20', admin), PAGE_MESSAGE);
    await expect400(await call('POST', '/api/invoices', tech, { quoteId: 2147483648 }), /quoteId/);
    await expect400(
      await call('POST', '/api/invoices', tech, { quoteId: 9007199254740991 }),
      /quoteId/,
    );
    await expect400(
      await call('POST', '/api/pos/payments', tech, {
        amount: 10,
        method: 'cash',
        invoiceId: 2147483648,
      }),
      INVALID_ID_MESSAGE,
    );
    await expect400(
      await call('PATCH', '/api/technicians/me', tech, { profilePhotoDocumentId: 2147483648 }),
      'Profile photo must be an uploaded document',
    );
    await expect400(
      await call('POST', '/api/verifications', tech, {
        technicianId,
        verificationType: 'license',
        credentialName: 'Maryland Master Mechanic',
        issuingOrganization: 'MVA',
        documentId: 2147483648,
      }),
      INVALID_ID_MESSAGE,
    );
    // A document reference given as a bare id string, as the upload forms may send it.
    await expect400(
      await call('POST', '/api/verifications', tech, {
        technicianId,
        verificationType: 'license',
        credentialName: 'Maryland Master Mechanic',
        issuingOrganization: 'MVA',
        documentUrl: '2147483648',
      }),
      'Document not found. Please upload the file again.',
    );
    await expect400(
      await call('POST', '/api/technician-applications', undefined, {
        firstName: 'Sam',
        lastName: 'Wrench',
        email: 'sam.wrench@example.com',
        phone: '(301) 555-0100',
        address: '1 Main Street',
        city: 'Bowie',
        state: 'MD',
        zipCode: '20715',
        yearsExperience: 5,
        specialties: ['Brakes'],
        hourlyRate: 80,
        bio: 'Twenty years of brakes, suspension and diagnostics across the DC area.',
        driversLicenseUrl: '999999999999',
        aseCertificationUrl: '2147483648',
      }),
      'Document not found. Please upload the file again.',
    );
    await expect400(
      await call('POST', '/api/contact-technician', undefined, {
        technicianId: 2147483648,
        customerName: 'Pat',
        customerEmail: 'pat@example.com',
        message: 'Hello',
      }),
      'Choose a technician',
    );
  });
});

describe('impossible calendar dates', () => {
  it('are refused, not sent to the database', async () => {
    const nextYear = new Date().getFullYear() + 1;
    await expect400(
      await call('POST', '/api/service-requests', undefined, {
        ...SERVICE_REQUEST,
        preferredDate: `${nextYear}-02-30`,
      }),
      'Preferred date must be a date (YYYY-MM-DD)',
    );
    await expect400(
      await call('POST', '/api/service-requests', undefined, {
        ...SERVICE_REQUEST,
        preferredDate: `${nextYear}-13-01T10:00:00Z`,
      }),
      'Preferred date must be a date (YYYY-MM-DD)',
    );
    await expect400(
      await call('POST', '/api/verifications', tech, {
        technicianId,
        verificationType: 'license',
        credentialName: 'Maryland Master Mechanic',
        issuingOrganization: 'MVA',
        issueDate: '2027-02-30',
      }),
      'Issue date must be a date (YYYY-MM-DD)',
    );
  });
});

describe('money the columns cannot hold', () => {
  it('refuses an amount that rounds to 0 cents', async () => {
    for (const amount of [0.001, 0.004, 5e-324]) {
      const res = await call('POST', '/api/pos/payments', tech, { amount, method: 'cash' });
      expect(res.statusCode, res.body).toBe(400);
    }
  });

  it('refuses a quote whose quantity times unit price overflows the cents columns', async () => {
    const res = await call('POST', '/api/quotes', tech, {
      ...QUOTE,
      items: [{ type: 'part', description: 'Engines', quantity: 10_000, unitPrice: 1_000_000 }],
    });
    expect(res.statusCode, res.body).toBe(400);
  });
});
