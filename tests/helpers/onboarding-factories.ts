import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { outbox, verifications } from '../../src/server/db/schema';
import { buildTestApp } from './build-test-app';

/** A real 1x1 PNG and a minimal PDF: the upload checks the bytes, not the name. */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
export const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);

let ipSeq = 0;
/**
 * A fresh client address per call: the public forms are rate limited per IP, and one test
 * file makes more requests than one visitor may.
 */
export const freshIp = () => `10.${(++ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;

/** POST /api/documents/upload, then the PUT of `bytes` to the uploadURL it returns. */
export async function uploadDocument(
  app: FastifyInstance,
  opts: { bytes?: Buffer; cookie?: string; body?: object; contentType?: string } = {},
) {
  const created = await app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    remoteAddress: freshIp(),
    headers: opts.cookie ? { cookie: opts.cookie } : {},
    ...(opts.body ? { payload: opts.body } : {}),
  });
  if (created.statusCode !== 201)
    throw new Error(`upload target failed: ${created.statusCode} ${created.body}`);
  const { uploadURL, documentId } = created.json() as { uploadURL: string; documentId: number };
  const put = await app.inject({
    method: 'PUT',
    url: uploadURL,
    headers: { 'content-type': opts.contentType ?? 'application/octet-stream' },
    payload: opts.bytes ?? TINY_PNG,
  });
  if (put.statusCode !== 200) throw new Error(`upload failed: ${put.statusCode} ${put.body}`);
  return { uploadURL, documentId };
}

let appSeq = 0;
/** A valid technician application payload (without documents). */
export function applicationPayload(overrides: Record<string, unknown> = {}) {
  const n = `${process.pid}${++appSeq}`;
  return {
    firstName: 'Marcus',
    lastName: 'Johnson',
    email: `marcus.johnson.${n}@example.com`,
    phone: '(301) 555-0142',
    address: '4502 Queensbury Rd',
    city: 'Riverdale',
    state: 'MD',
    zipCode: '20737',
    yearsExperience: 8,
    specialties: ['Brakes', 'Oil Changes', 'Body Work'],
    hourlyRate: 85.5,
    bio: 'ASE-certified mechanic with eight years of dealership and mobile repair experience.',
    ...overrides,
  };
}

/** Uploads both documents and submits the application; returns the response. */
export async function submitApplication(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
) {
  const license = await uploadDocument(app, { bytes: TINY_PNG });
  const ase = await uploadDocument(app, { bytes: TINY_PDF });
  const res = await app.inject({
    method: 'POST',
    url: '/api/technician-applications',
    remoteAddress: freshIp(),
    payload: applicationPayload({
      driversLicenseUrl: license.uploadURL,
      aseCertificationUrl: ase.uploadURL,
      ...overrides,
    }),
  });
  return { res, license, ase };
}

/** The newest e-mail to `to` with that template, or undefined. */
export async function lastMail(app: FastifyInstance, to: string, template?: string) {
  const rows = await app.db
    .select()
    .from(outbox)
    .where(eq(outbox.toAddress, to))
    .orderBy(desc(outbox.id));
  return rows.find((r) => !template || r.template === template);
}

export async function createVerification(
  app: FastifyInstance,
  technicianId: number,
  values: Partial<typeof verifications.$inferInsert> = {},
) {
  const [row] = await app.db
    .insert(verifications)
    .values({
      technicianId,
      verificationType: 'license',
      credentialName: 'Maryland Automotive Technician License',
      issuingOrganization: 'Maryland MVA',
      ...values,
    })
    .returning();
  return row!;
}

/** The set-password token from the newest approval e-mail to `email`. */
export async function setPasswordTokenFromMail(app: FastifyInstance, email: string) {
  const mail = await lastMail(app, email, 'application_approved');
  const m = /\/set-password[?#]token=([\w%-]+)/.exec(mail?.textBody ?? '');
  if (!m) throw new Error(`no set-password link mailed to ${email}`);
  return decodeURIComponent(m[1]!);
}

/** Submits an application and approves it as `adminCookie`; returns what approval returned. */
export async function approvedApplicant(
  app: FastifyInstance,
  adminCookie: string,
  overrides: Record<string, unknown> = {},
) {
  const email = (overrides.email as string | undefined) ?? applicationPayload().email;
  const { res } = await submitApplication(app, { ...overrides, email });
  if (res.statusCode !== 201) throw new Error(`application failed: ${res.statusCode} ${res.body}`);
  const approved = await app.inject({
    method: 'PATCH',
    url: `/api/admin/applications/${res.json().id}/approve`,
    headers: { cookie: adminCookie },
  });
  if (approved.statusCode !== 200)
    throw new Error(`approval failed: ${approved.statusCode} ${approved.body}`);
  return { applicationId: res.json().id as number, ...approved.json(), email };
}

/**
 * buildTestApp with its own upload folder (DATA_DIR/uploads), removed on close, so uploaded test
 * files neither pile up nor meet another test file's.
 */
export async function buildUploadTestApp(options: Parameters<typeof buildTestApp>[0] = {}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'wrenchly-uploads-'));
  const t = await buildTestApp({ ...options, config: { dataDir, ...options.config } });
  return {
    ...t,
    dataDir,
    async close() {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
