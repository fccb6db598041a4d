import { existsSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, signIn } from '../../../../tests/helpers/factories';
import {
  buildUploadTestApp,
  freshIp,
  TINY_PDF,
  TINY_PNG,
  uploadDocument,
} from '../../../../tests/helpers/onboarding-factories';
import { documents } from '../../db/schema';

const TOO_LARGE = 'File too large: the limit is 10 MB';
const UNSUPPORTED = 'Unsupported file type: upload a PDF, PNG, JPEG, WebP or HEIC file';
const LIMIT = 10485760;

let t: Awaited<ReturnType<typeof buildUploadTestApp>>;
beforeAll(async () => {
  t = await buildUploadTestApp();
});
afterAll(() => t.close());

const createTarget = (payload?: object, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/documents/upload',
    remoteAddress: freshIp(),
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });
const put = (url: string, payload: Buffer | Readable, contentType = 'application/octet-stream') =>
  t.app.inject({ method: 'PUT', url, payload, headers: { 'content-type': contentType } });
const row = async (id: number) =>
  (await t.app.db.select().from(documents).where(eq(documents.id, id)))[0]!;
const fileOf = (key: string) => path.join(t.dataDir, 'uploads', key);

/** A buffer of `size` bytes that starts like a PNG. */
const pngOfSize = (size: number) => {
  const b = Buffer.alloc(size, 0x41);
  TINY_PNG.copy(b, 0, 0, 16);
  return b;
};

describe('POST /api/documents/upload then PUT', () => {
  it('stores a PNG and a PDF, detecting the type from the bytes', async () => {
    const res = await createTarget({ fileName: 'license.png', contentType: 'image/png', size: 70 });
    expect(res.statusCode).toBe(201);
    const { uploadURL, documentId, expiresAt } = res.json();
    expect(uploadURL).toMatch(/^\/api\/documents\/upload\/\d+\.\d+\.[\w-]{43}$/);
    expect(new Date(expiresAt).getTime() - t.clock.now.getTime()).toBeGreaterThan(14 * 60_000);
    expect(new Date(expiresAt).getTime() - t.clock.now.getTime()).toBeLessThanOrEqual(15 * 60_000);
    expect(await row(documentId)).toMatchObject({ state: 'awaiting_upload', ownerUserId: null });

    const done = await put(uploadURL, TINY_PNG, 'image/png');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ documentId });
    const stored = await row(documentId);
    expect(stored).toMatchObject({
      state: 'uploaded',
      contentType: 'image/png',
      sizeBytes: TINY_PNG.length,
      originalName: 'license.png',
    });
    expect(existsSync(fileOf(stored.storageKey))).toBe(true);

    // No body at all, as the application form sends it; the PDF is sent with no content type.
    const pdf = await createTarget();
    expect(pdf.statusCode).toBe(201);
    const sent = await t.app.inject({
      method: 'PUT',
      url: pdf.json().uploadURL,
      payload: TINY_PDF,
    });
    expect(sent.statusCode).toBe(200);
    expect(await row(pdf.json().documentId)).toMatchObject({
      state: 'uploaded',
      contentType: 'application/pdf',
    });
  });

  it('records the signed-in uploader as the owner', async () => {
    const u = await createUser(t.app);
    const res = await createTarget({ kind: 'verification' }, await signIn(t.app, u.username!));
    expect(await row(res.json().documentId)).toMatchObject({ ownerUserId: u.id });
  });

  it('refuses a declared size over 10 MB or a declared type that is not accepted', async () => {
    const big = await createTarget({ size: LIMIT + 1 });
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe(TOO_LARGE);
    const txt = await createTarget({ fileName: 'notes.txt', contentType: 'text/plain' });
    expect(txt.statusCode).toBe(400);
    expect(txt.json().message).toBe(UNSUPPORTED);
    expect((await createTarget({ size: LIMIT, contentType: 'image/heic' })).statusCode).toBe(201);
  });

  it('accepts exactly 10 MB and refuses one byte more with 413, storing nothing', async () => {
    const exact = (await createTarget()).json();
    expect((await put(exact.uploadURL, pngOfSize(LIMIT))).statusCode).toBe(200);
    expect((await row(exact.documentId)).sizeBytes).toBe(LIMIT);

    const over = (await createTarget()).json();
    const res = await put(over.uploadURL, pngOfSize(LIMIT + 1));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(TOO_LARGE);
    const r = await row(over.documentId);
    expect(r.state).toBe('awaiting_upload');
    expect(existsSync(fileOf(r.storageKey))).toBe(false);
  });

  it('stops a streamed body without a length once it passes the limit', async () => {
    // Over a real socket: chunked, so no content-length tells the size in advance.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const target = (await createTarget()).json();
    const status = await new Promise<{ code: number; body: string }>((resolve, reject) => {
      const req = request(
        `${address}${target.uploadURL}`,
        { method: 'PUT', agent: false, headers: { connection: 'close' } },
        (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ code: res.statusCode!, body }));
        },
      );
      req.on('error', reject);
      const chunk = Buffer.alloc(1024 * 1024, 0x41);
      TINY_PNG.copy(chunk, 0, 0, 16);
      let sent = 0;
      const pump = () => {
        while (sent < 11) {
          sent++;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    expect(status.code).toBe(413);
    expect(JSON.parse(status.body).message).toBe(TOO_LARGE);
    expect((await row(target.documentId)).state).toBe('awaiting_upload');
  });

  it('judges the type by content: a text file declared as a PDF is refused with 415', async () => {
    const target = (
      await createTarget({ fileName: 'license.pdf', contentType: 'application/pdf' })
    ).json();
    const res = await put(
      target.uploadURL,
      Buffer.from('just some text, not a PDF\n'),
      'application/pdf',
    );
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(UNSUPPORTED);
    expect((await row(target.documentId)).state).toBe('awaiting_upload');
    // An empty body is no accepted file either.
    expect((await put(target.uploadURL, Buffer.alloc(0))).statusCode).toBe(415);
    // The link still works for a real file afterwards.
    expect((await put(target.uploadURL, TINY_PDF)).statusCode).toBe(200);
  });

  it('refuses an expired link (after 15 minutes) and a tampered one', async () => {
    const target = (await createTarget()).json();
    const [id, exp, sig] = (target.uploadURL as string).split('/').pop()!.split('.');
    const base = '/api/documents/upload/';
    for (const forged of [
      `${base}${Number(id) + 1}.${exp}.${sig}`,
      `${base}${id}.${Number(exp) + 3600}.${sig}`,
      `${base}${id}.${exp}.${sig!.slice(0, -2)}AA`,
      `${base}not-a-token`,
    ]) {
      const res = await put(forged, TINY_PNG);
      expect(res.statusCode, forged).toBe(403);
      expect(res.json().message).toBe('Invalid upload link');
    }
    t.clock.advance(16 * 60_000);
    try {
      const res = await put(target.uploadURL, TINY_PNG);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Upload link expired');
    } finally {
      t.clock.advance(-16 * 60_000);
    }
  });

  it('uploads a document once: a second PUT gets 409', async () => {
    const { uploadURL } = await uploadDocument(t.app);
    const again = await put(uploadURL, TINY_PDF);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This document has already been uploaded');
  });

  it('limits upload targets to 30 per 10 minutes per address', async () => {
    const ip = freshIp();
    const call = () =>
      t.app.inject({ method: 'POST', url: '/api/documents/upload', remoteAddress: ip });
    for (let i = 0; i < 30; i++) expect((await call()).statusCode).toBe(201);
    expect((await call()).statusCode).toBe(429);
  });
});

describe('reading documents', () => {
  it('gives the owner and admins a 5-minute link; others get 403, anonymous 401', async () => {
    const owner = await createUser(t.app);
    const other = await createUser(t.app);
    const admin = await createUser(t.app, { role: 'admin' });
    const ownerCookie = await signIn(t.app, owner.username!);
    const { documentId } = await uploadDocument(t.app, {
      cookie: ownerCookie,
      body: { fileName: 'my license.png' },
    });
    const link = (cookie?: string, id = documentId) =>
      t.app.inject({
        method: 'GET',
        url: `/api/documents/${id}/link`,
        headers: cookie ? { cookie } : {},
      });

    const mine = await link(ownerCookie);
    expect(mine.statusCode).toBe(200);
    const { url, expiresAt } = mine.json();
    expect(url).toMatch(/^\/api\/documents\/file\//);
    expect(new Date(expiresAt).getTime() - t.clock.now.getTime()).toBeLessThanOrEqual(5 * 60_000);
    expect((await link(await signIn(t.app, admin.username!))).statusCode).toBe(200);
    const refused = await link(await signIn(t.app, other.username!));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You can only view your own documents');
    expect((await link()).statusCode).toBe(401);
    expect((await link(ownerCookie, 999_999)).statusCode).toBe(404);

    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(TINY_PNG)).toBe(true);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['content-disposition']).toBe('inline; filename="my license.png"');
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toContain("default-src 'none'");

    // An upload link is no read link, and a forged one is refused.
    const token = url.split('/').pop()!;
    const [id, exp] = token.split('.');
    const forged = await t.app.inject({
      method: 'GET',
      url: `/api/documents/file/${Number(id) + 1}.${exp}.${token.split('.')[2]}`,
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().message).toBe('Invalid document link');

    t.clock.advance(6 * 60_000);
    try {
      const late = await t.app.inject({ method: 'GET', url });
      expect(late.statusCode).toBe(403);
      expect(late.json().message).toBe('Document link expired');
    } finally {
      t.clock.advance(-6 * 60_000);
    }
  });

  it('has no link for a document that was never uploaded', async () => {
    const u = await createUser(t.app);
    const cookie = await signIn(t.app, u.username!);
    const { documentId } = (await createTarget(undefined, cookie)).json();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/documents/${documentId}/link`,
      headers: { cookie },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('The document has not been uploaded yet');
  });
});
