/**
 * Sign-in latency while visitors upload photos (POST /api/request-photos is open to anyone):
 * sign-ins alone, then beside a burst of large camera photos and decompression bombs sent at
 * once from as many addresses. Image decoding and password hashing share libuv's thread pool;
 * the photo queue (IMAGE_WORKERS, IMAGE_QUEUE) keeps the burst from starving sign-ins.
 * Embedded PGlite in a temporary directory, one instance, production mode.
 *   npx tsx bench/photos.ts [--photos 12] [--bombs 6] [--signins 20] [--workers 1] [--queue 8]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { constants, deflateRawSync } from 'node:zlib';
import sharp from 'sharp';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/infra/database';
import { users } from '../src/server/db/schema';
import { hashPassword } from '../src/server/infra/password';
import { arg, ms, pct } from './lib';

const photos = Number(arg('photos', '12'));
const bombs = Number(arg('bombs', '6'));
const signins = Number(arg('signins', '20'));

/**
 * A real decompression bomb: a valid PNG of 10000 x 10000 16-bit RGBA pixels (800 MB decoded),
 * every row present, in 779 KB. Its rows are zeros: one deflate block of them, ended by a full
 * flush (so each copy stands alone), repeated, then an empty final block and the checksum.
 */
function bombPng() {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    let c = 0xffffffff;
    for (const b of body) c = table[(c ^ b) & 0xff]! ^ (c >>> 8);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE((c ^ 0xffffffff) >>> 0, body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(10_000, 0);
  ihdr.writeUInt32BE(10_000, 4);
  ihdr[8] = 16;
  ihdr[9] = 6;
  const size = 10_000 * (1 + 10_000 * 8); // rows: a filter byte, then 4 samples of 2 bytes
  const rowsPerBlock = 100;
  const block = deflateRawSync(Buffer.alloc((size / 10_000) * rowsPerBlock), {
    level: 9,
    finishFlush: constants.Z_FULL_FLUSH,
  });
  const adler32 = Buffer.alloc(4); // of zeros: a stays 1, b counts the bytes
  adler32.writeUInt32BE((((size % 65521) << 16) | 1) >>> 0);
  const idat = Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array<Buffer>(10_000 / rowsPerBlock).fill(block),
    deflateRawSync(Buffer.alloc(0)),
    adler32,
  ]);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'wrenchly-photos-bench-'));
const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'pg') });
await database.migrate();
await database.db.insert(users).values({
  username: 'bench',
  email: 'bench@example.com',
  passwordHash: await hashPassword('correct horse battery'),
  role: 'customer',
  status: 'approved',
  firstName: 'Bench',
});
const config = {
  ...loadConfig({
    NODE_ENV: 'production',
    SESSION_SECRET: 'b'.repeat(40),
    LOG_LEVEL: 'silent',
    DEMO_MODE: 'false',
    TRUST_PROXY: 'loopback',
    IMAGE_WORKERS: arg('workers', '1'),
    IMAGE_QUEUE: arg('queue', '8'),
  }),
  port: 0,
};
const app = await buildApp(config, { database, backgroundJobs: false });
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

let client = 0;
const from = () => `10.20.${(++client >> 8) & 255}.${client & 255}`;

async function signIn() {
  const started = performance.now();
  const res = await fetch(`${base}/api/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from() },
    body: JSON.stringify({ username: 'bench', password: 'correct horse battery' }),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}`);
  await res.arrayBuffer();
  return performance.now() - started;
}

async function upload(bytes: Buffer, type: string) {
  const res = await fetch(`${base}/api/request-photos`, {
    method: 'POST',
    headers: { 'content-type': type, 'x-forwarded-for': from() },
    body: new Uint8Array(bytes),
  });
  await res.arrayBuffer();
  return res.status;
}

async function signInSeries() {
  const times: number[] = [];
  for (let i = 0; i < signins; i++) times.push(await signIn());
  return times;
}

const camera = await sharp({
  create: {
    width: 6000,
    height: 4000,
    channels: 3,
    background: '#888',
    noise: { type: 'gaussian', mean: 128, sigma: 30 },
  },
})
  .jpeg({ quality: 70 })
  .toBuffer();
const bomb = bombPng();
console.log(
  `photos: ${photos} camera JPEGs of 6000x4000 (${(camera.length / 1e6).toFixed(1)} MB), ` +
    `${bombs} bombs of ${bomb.length} bytes (10000x10000 16-bit RGBA); ` +
    `IMAGE_WORKERS=${config.images.workers} IMAGE_QUEUE=${config.images.queue}`,
);

await signInSeries(); // warm-up
const alone = await signInSeries();
console.log(`sign-in alone:        p50 ${ms(pct(alone, 50))}  p99 ${ms(pct(alone, 99))}`);

const started = performance.now();
const burst = Promise.all([
  ...Array.from({ length: photos }, () => upload(camera, 'image/jpeg')),
  ...Array.from({ length: bombs }, () => upload(bomb, 'image/png')),
]);
const during = await signInSeries();
const statuses = await burst;
const tally = statuses.reduce<Record<number, number>>(
  (t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }),
  {},
);
console.log(`sign-in beside burst: p50 ${ms(pct(during, 50))}  p99 ${ms(pct(during, 99))}`);
console.log(
  `burst answered in ${ms(performance.now() - started)}: ${Object.entries(tally)
    .map(([s, n]) => `${n} x ${s}`)
    .join(', ')}`,
);

await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
