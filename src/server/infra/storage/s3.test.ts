import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_PNG } from '../../../../tests/helpers/onboarding-factories';
import { s3ConfigOf, startS3StandIn, type S3StandIn } from '../../../../tests/helpers/s3-stand-in';
import { newPhotoKey } from './keys';
import { createS3Storage } from './s3';
import { ObjectMissing, type Storage } from './types';

/** The S3 adapter on its own, against the stand-in that checks every request's signature. */
let s3: S3StandIn;
let storage: Storage;
beforeAll(async () => {
  s3 = await startS3StandIn();
  storage = createS3Storage(s3ConfigOf(s3), () => new Date());
});
afterAll(async () => {
  storage?.close();
  await s3?.close();
});

describe('S3 storage: bytes the server writes itself', () => {
  it('puts an object with its content type, and reads it back whole, by prefix and by link', async () => {
    const key = newPhotoKey();
    await storage.put(key, TINY_PNG, 'image/png');

    // One signed SDK call, nothing presigned.
    expect(s3.requests.filter((r) => r.key === key)).toEqual([
      { method: 'PUT', key, range: undefined, auth: 'header' },
    ]);
    expect(s3.objects.get(key)).toEqual({ body: TINY_PNG, contentType: 'image/png' });

    expect(await storage.head(key)).toEqual({ size: TINY_PNG.length });
    expect((await buffer(await storage.read(key))).equals(TINY_PNG)).toBe(true);
    expect((await storage.readPrefix(key, 8)).equals(TINY_PNG.subarray(0, 8))).toBe(true);

    const { url } = await storage.signedReadUrl({ id: 1, storageKey: key }, 60);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).equals(TINY_PNG)).toBe(true);

    await storage.remove(key);
    expect(await storage.head(key)).toBeNull();
    // A key with nothing under it reads as missing (the routes' 404), as on local disk.
    await expect(storage.read(key)).rejects.toBeInstanceOf(ObjectMissing);
  });

  it('replaces an object put again under the same key', async () => {
    const key = newPhotoKey();
    await storage.put(key, Buffer.from('first'), 'image/jpeg');
    await storage.put(key, TINY_PNG, 'image/png');
    expect((await buffer(await storage.read(key))).equals(TINY_PNG)).toBe(true);
    expect(s3.objects.get(key)?.contentType).toBe('image/png');
  });
});
