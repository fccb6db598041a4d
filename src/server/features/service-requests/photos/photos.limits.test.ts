import { constants, deflateRawSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../tests/helpers/build-test-app';
import { createUser, signIn } from '../../../../../tests/helpers/factories';
import { REQUEST_PHOTO_MESSAGES } from '@shared/constants/request-photos';
import { requestPhotos } from '../../../db/schema';
import { imageQueue } from '../../../infra/image-queue';
import { decodedBytes, MAX_DECODED_BYTES } from '../../../infra/images';
import { PHOTO_UPLOADS_PER_WINDOW } from './photos.service';

/**
 * What keeps photo uploads (open to visitors) from taking the server down: a decompression bomb
 * is refused from its header, decoding waits in a bounded queue (503 with Retry-After past it),
 * and uploads are limited per address and per signed-in user.
 */
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
};

/** A zlib stream of `size` zero bytes, built without holding them all. */
function zlibZeros(size: number) {
  // A full flush ends each copy of the block byte-aligned and independent of the ones before,
  // so one compressed block can be repeated; an empty final block and the checksum close it.
  const BLOCK = 8_000_000;
  const compress = (n: number) =>
    deflateRawSync(Buffer.alloc(n), { level: 9, finishFlush: constants.Z_FULL_FLUSH });
  const whole = Math.floor(size / BLOCK);
  const blocks: Buffer[] = whole ? Array<Buffer>(whole).fill(compress(BLOCK)) : [];
  if (size % BLOCK) blocks.push(compress(size % BLOCK));
  const adler32 = Buffer.alloc(4); // of zeros: a stays 1, b counts the bytes
  adler32.writeUInt32BE((((size % 65521) << 16) | 1) >>> 0);
  return Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...blocks,
    deflateRawSync(Buffer.alloc(0)),
    adler32,
  ]);
}

/**
 * A real decompression bomb: a valid PNG of 10000 x 10000 pixels of 16-bit RGBA (800 MB once
 * decoded, seconds of CPU) in under 800 KB, every row present (zeros).
 */
function bombPng(width = 10_000, height = 10_000, bits: 8 | 16 = 16, channels: 3 | 4 = 4) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = bits;
  ihdr[9] = channels === 4 ? 6 : 2; // RGBA or RGB
  // Each row: its filter byte, then its samples.
  const rows = height * (1 + (width * channels * bits) / 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlibZeros(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const smallPng = () =>
  sharp({ create: { width: 16, height: 16, channels: 3, background: '#08c' } })
    .png()
    .toBuffer();

let t: TestApp;
beforeAll(async () => {
  // One photo decoded at a time and one waiting: a third at once is refused.
  t = await buildTestApp({ config: { images: { workers: 1, queue: 1 } } });
});
afterAll(() => t.close());

let address = 0;
const upload = (bytes: Buffer, options: { ip?: string; cookie?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/request-photos',
    remoteAddress: options.ip ?? `10.9.0.${++address}`,
    headers: { 'content-type': 'image/png', ...(options.cookie ? { cookie: options.cookie } : {}) },
    payload: bytes,
  });
const photoCount = async () => (await t.app.db.select().from(requestPhotos)).length;

describe('a decompression bomb', () => {
  it('is measured from its header: 800 MB decoded, over the budget', async () => {
    const bomb = bombPng();
    expect(bomb.length).toBeLessThan(800_000);
    expect(await decodedBytes(bomb)).toBe(10_000 * 10_000 * 4 * 2);
    expect(MAX_DECODED_BYTES).toBe(200_000_000);
    // A 48-megapixel 8-bit RGB camera photo fits.
    expect(await decodedBytes(bombPng(8000, 6000, 8, 3))).toBe(8000 * 6000 * 3);
    expect(8000 * 6000 * 3).toBeLessThan(MAX_DECODED_BYTES);
  });

  it('is refused with 413 before it is decoded, and nothing is stored', async () => {
    const bomb = bombPng();
    const before = await photoCount();
    const started = performance.now();
    const res = await upload(bomb);
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json()).toEqual({ message: REQUEST_PHOTO_MESSAGES.tooManyPixels });
    // Decoding it takes seconds of CPU; reading its header takes milliseconds.
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(await photoCount()).toBe(before);
  });
});

describe('decoding', () => {
  it('waits in a bounded line: past it, 503 with Retry-After; a bomb never takes a place', async () => {
    // This test holds the only worker, as a long photo would.
    const queue = imageQueue(t.app);
    let release!: () => void;
    const held = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const png = await smallPng();
    const before = await photoCount();

    const waiting = upload(png);
    await vi.waitFor(() => expect(queue.waiting).toBe(1), { timeout: 10_000 });
    // The line is full: refused at once, without waiting for the worker.
    const busy = await Promise.all([upload(png), upload(png)]);
    for (const res of busy) {
      expect(res.statusCode, res.body).toBe(503);
      expect(res.json()).toEqual({ message: REQUEST_PHOTO_MESSAGES.busy });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Refused from its header, before it would ask for a place (which would be a 503 now).
    expect((await upload(bombPng())).statusCode).toBe(413);
    expect(queue.running).toBe(1);
    expect(await photoCount()).toBe(before);

    // The worker frees up: the photo that waited is processed.
    release();
    await held;
    const served = await waiting;
    expect(served.statusCode, served.body).toBe(201);
    expect(await photoCount()).toBe(before + 1);
    expect(queue.running + queue.waiting).toBe(0);
  });
});

describe('uploads', () => {
  it(`are limited to ${PHOTO_UPLOADS_PER_WINDOW} per address`, async () => {
    const png = await smallPng();
    for (let i = 0; i < PHOTO_UPLOADS_PER_WINDOW; i++)
      expect((await upload(png, { ip: '10.8.0.1' })).statusCode).toBe(201);
    const limited = await upload(png, { ip: '10.8.0.1' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many photos uploaded\. Please try again in/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await upload(png, { ip: '10.8.0.2' })).statusCode).toBe(201);
  });

  it(`are limited to ${PHOTO_UPLOADS_PER_WINDOW} per signed-in user, from any address`, async () => {
    const png = await smallPng();
    const user = await createUser(t.app, { role: 'customer' });
    const cookie = await signIn(t.app, user.username!);
    for (let i = 0; i < PHOTO_UPLOADS_PER_WINDOW; i++)
      expect((await upload(png, { cookie })).statusCode).toBe(201);
    const limited = await upload(png, { cookie });
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });
});
