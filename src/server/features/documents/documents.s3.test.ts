import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../tests/helpers/build-test-app';
import { createTechnician, createUser, signIn } from '../../../../tests/helpers/factories';
import {
  applicationPayload,
  freshIp,
  TINY_PDF,
  TINY_PNG,
} from '../../../../tests/helpers/onboarding-factories';
import { s3ConfigOf, startS3StandIn, type S3StandIn } from '../../../../tests/helpers/s3-stand-in';
import { documents } from '../../db/schema';

/** The same API with S3_BUCKET set: uploads go straight to the (stand-in) bucket. */
let s3: S3StandIn;
let t: TestApp;
beforeAll(async () => {
  s3 = await startS3StandIn({ now: () => t.clock.now });
  t = await buildTestApp({
    config: { s3: s3ConfigOf(s3) },
  });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

async function target(cookie?: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    remoteAddress: freshIp(),
    headers: cookie ? { cookie } : {},
  });
  expect(res.statusCode).toBe(201);
  return res.json() as { uploadURL: string; documentId: number; expiresAt: string };
}
const putTo = (url: string, body: Buffer) =>
  fetch(url, { method: 'PUT', body: new Uint8Array(body) });
const row = async (id: number) =>
  (await t.app.db.select().from(documents).where(eq(documents.id, id)))[0]!;

describe('documents on S3', () => {
  it('hands out a presigned PUT that the bucket checks, valid for 15 minutes', async () => {
    const { uploadURL, documentId, expiresAt } = await target();
    const url = new URL(uploadURL);
    expect(url.origin).toBe(s3.endpoint);
    expect(url.pathname).toBe(`/${s3.bucket}/${(await row(documentId)).storageKey}`);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('900');
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('host');
    // No checksum of an empty body signed in: the real file must be accepted.
    expect([...url.searchParams.keys()].filter((k) => /checksum/i.test(k))).toEqual([]);
    expect(new Date(expiresAt).getTime() - t.clock.now.getTime()).toBeLessThanOrEqual(900_000);

    const tampered = new URL(uploadURL);
    tampered.searchParams.set('X-Amz-Signature', '0'.repeat(64));
    expect((await putTo(tampered.toString(), TINY_PNG)).status).toBe(403);
    const otherKey = uploadURL.replace(
      /documents\/[0-9a-f-]+/,
      'documents/00000000-0000-4000-8000-000000000000',
    );
    expect((await putTo(otherKey, TINY_PNG)).status).toBe(403);

    const put = await putTo(uploadURL, TINY_PNG);
    expect(put.status).toBe(200);
    // Nothing is trusted yet: the document is checked when it is attached or read.
    expect((await row(documentId)).state).toBe('awaiting_upload');

    t.clock.advance(16 * 60_000);
    try {
      const late = await target();
      t.clock.advance(16 * 60_000);
      const res = await putTo(late.uploadURL, TINY_PNG);
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('Request has expired');
    } finally {
      t.clock.advance(-32 * 60_000);
    }
  });

  it('checks size and file signature when the application attaches the documents', async () => {
    const license = await target();
    const ase = await target();
    expect((await putTo(license.uploadURL, TINY_PNG)).status).toBe(200);
    expect((await putTo(ase.uploadURL, TINY_PDF)).status).toBe(200);
    const before = s3.requests.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/technician-applications',
      remoteAddress: freshIp(),
      payload: applicationPayload({
        driversLicenseUrl: license.uploadURL,
        aseCertificationUrl: ase.uploadURL,
      }),
    });
    expect(res.statusCode).toBe(201);
    expect(await row(license.documentId)).toMatchObject({
      state: 'uploaded',
      kind: 'driversLicense',
      contentType: 'image/png',
      sizeBytes: TINY_PNG.length,
    });
    expect(await row(ase.documentId)).toMatchObject({ contentType: 'application/pdf' });
    const key = (await row(license.documentId)).storageKey;
    expect(s3.requests.slice(before).filter((r) => r.key === key)).toEqual([
      { method: 'HEAD', key, range: undefined, auth: 'header' },
      { method: 'GET', key, range: 'bytes=0-15', auth: 'header' },
    ]);

    // The admin reads them through presigned GETs.
    const admin = await createUser(t.app, { role: 'admin' });
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/applications/${res.json().id}`,
      headers: { cookie: await signIn(t.app, admin.username!) },
    });
    const url = detail.json().documents[0].url as string;
    expect(url.startsWith(`${s3.endpoint}/${s3.bucket}/documents/`)).toBe(true);
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('content-disposition')).toBe('inline');
    expect(file.headers.get('cache-control')).toBe('private, no-store');
  });

  it('refuses, and deletes, a file that is too large or not an accepted type', async () => {
    const { user, technician } = await createTechnician(t.app);
    const cookie = await signIn(t.app, user.username!);
    const attach = (uploadURL: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/verifications',
        headers: { cookie },
        payload: {
          technicianId: technician.id,
          verificationType: 'license',
          credentialName: 'MD Technician License',
          issuingOrganization: 'Maryland MVA',
          documentUrl: uploadURL,
        },
      });

    const text = await target(cookie);
    expect((await putTo(text.uploadURL, Buffer.from('not a pdf at all'))).status).toBe(200);
    const refused = await attach(text.uploadURL);
    expect(refused.statusCode).toBe(415);
    expect(refused.json().message).toBe(
      'Unsupported file type: upload a PDF, PNG, JPEG, WebP or HEIC file',
    );
    expect(s3.objects.has((await row(text.documentId)).storageKey)).toBe(false);

    const big = await target(cookie);
    const bytes = Buffer.alloc(10485761, 0x41);
    TINY_PNG.copy(bytes, 0, 0, 16);
    expect((await putTo(big.uploadURL, bytes)).status).toBe(200);
    const tooLarge = await attach(big.uploadURL);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe('File too large: the limit is 10 MB');
    expect(s3.objects.has((await row(big.documentId)).storageKey)).toBe(false);

    const never = await target(cookie);
    const missing = await attach(never.uploadURL);
    expect(missing.statusCode).toBe(409);
    expect(missing.json().message).toBe('The document has not been uploaded yet');

    const good = await target(cookie);
    expect((await putTo(good.uploadURL, TINY_PDF)).status).toBe(200);
    const ok = await attach(good.uploadURL);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().documentUrl).toMatch(new RegExp(`^${s3.endpoint}/`));
  });

  it('gives the owner a presigned link, checking an unattached upload first', async () => {
    const u = await createUser(t.app);
    const cookie = await signIn(t.app, u.username!);
    const { uploadURL, documentId } = await target(cookie);
    expect((await putTo(uploadURL, TINY_PNG)).status).toBe(200);
    const link = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${documentId}/link`,
      headers: { cookie },
    });
    expect(link.statusCode).toBe(200);
    expect((await row(documentId)).state).toBe('uploaded');
    expect((await fetch(link.json().url)).status).toBe(200);
  });

  it('has no local upload or file route', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/documents/upload/1.2.x',
      payload: TINY_PNG,
    });
    expect(res.statusCode).toBe(404);
  });
});
