import { existsSync } from 'node:fs';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../tests/helpers/build-test-app';
import { createUser, signIn } from '../../../tests/helpers/factories';
import {
  applicationPayload,
  buildUploadTestApp,
  freshIp,
  TINY_PDF,
  TINY_PNG,
  uploadDocument,
} from '../../../tests/helpers/onboarding-factories';
import { s3ConfigOf, startS3StandIn, type S3StandIn } from '../../../tests/helpers/s3-stand-in';
import { documents } from '../db/schema';
import { sweepAbandonedUploads } from './documents';

const HOUR = 60 * 60_000;

describe('abandoned anonymous uploads, local disk', () => {
  let t: Awaited<ReturnType<typeof buildUploadTestApp>>;
  beforeAll(async () => {
    t = await buildUploadTestApp();
  });
  afterAll(() => t.close());

  const rows = (ids: number[]) =>
    t.app.db.select().from(documents).where(inArray(documents.id, ids));
  const fileOf = (key: string) => path.join(t.dataDir, 'uploads', key);
  const sweep = () => sweepAbandonedUploads(t.app.db, t.app.storage, t.app.clock());

  it('deletes rows and files of anonymous uploads never attached after 24 hours, nothing else', async () => {
    // Abandoned: uploaded anonymously, and a target never even uploaded to.
    const abandoned = await uploadDocument(t.app, { bytes: TINY_PNG });
    const target = await t.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      remoteAddress: freshIp(),
    });
    const neverUploaded = target.json() as { documentId: number };
    // Kept: anonymous uploads attached to an application, and a signed-in user's upload.
    const license = await uploadDocument(t.app, { bytes: TINY_PNG });
    const ase = await uploadDocument(t.app, { bytes: TINY_PDF });
    const application = await t.app.inject({
      method: 'POST',
      url: '/api/technician-applications',
      remoteAddress: freshIp(),
      payload: applicationPayload({
        driversLicenseUrl: license.uploadURL,
        aseCertificationUrl: ase.uploadURL,
      }),
    });
    expect(application.statusCode).toBe(201);
    const owner = await createUser(t.app, { role: 'technician' });
    const owned = await uploadDocument(t.app, {
      cookie: await signIn(t.app, owner.username!),
      body: { kind: 'verification' },
    });

    const all = [
      abandoned.documentId,
      neverUploaded.documentId,
      license.documentId,
      ase.documentId,
      owned.documentId,
    ];
    const before = await rows(all);
    expect(before).toHaveLength(5);
    const keyOf = new Map(before.map((r) => [r.id, r.storageKey]));
    expect(existsSync(fileOf(keyOf.get(abandoned.documentId)!))).toBe(true);

    // Younger than 24 hours: kept.
    expect(await sweep()).toBe(0);
    t.clock.advance(23 * HOUR);
    expect(await sweep()).toBe(0);
    expect(await rows(all)).toHaveLength(5);

    t.clock.advance(2 * HOUR);
    expect(await sweep()).toBe(2);
    const left = (await rows(all)).map((r) => r.id).sort((a, b) => a - b);
    expect(left).toEqual(
      [license.documentId, ase.documentId, owned.documentId].sort((a, b) => a - b),
    );
    expect(existsSync(fileOf(keyOf.get(abandoned.documentId)!))).toBe(false);
    for (const id of [license.documentId, ase.documentId, owned.documentId])
      expect(existsSync(fileOf(keyOf.get(id)!))).toBe(true);

    // A later attempt to attach the deleted upload is told to upload again.
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/technician-applications',
      remoteAddress: freshIp(),
      payload: applicationPayload({
        driversLicenseUrl: abandoned.uploadURL,
        aseCertificationUrl: abandoned.uploadURL,
      }),
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe('Document not found. Please upload the file again.');

    // Nothing more to do.
    expect(await sweep()).toBe(0);
  });
});

describe('abandoned anonymous uploads, S3', () => {
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

  it('deletes the object from the bucket with its row', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/documents/upload',
      remoteAddress: freshIp(),
    });
    const { uploadURL, documentId } = res.json() as { uploadURL: string; documentId: number };
    const put = await fetch(uploadURL, { method: 'PUT', body: new Uint8Array(TINY_PNG) });
    expect(put.status).toBe(200);
    const [doc] = await t.app.db.select().from(documents).where(eq(documents.id, documentId));
    expect(s3.objects.has(doc!.storageKey)).toBe(true);

    t.clock.advance(25 * HOUR);
    expect(await sweepAbandonedUploads(t.app.db, t.app.storage, t.app.clock())).toBe(1);
    expect(s3.objects.has(doc!.storageKey)).toBe(false);
    expect(await t.app.db.select().from(documents).where(eq(documents.id, documentId))).toEqual([]);
  });
});
