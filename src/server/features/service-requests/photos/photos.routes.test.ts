import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../../tests/helpers/build-test-app';
import { createTechnician, createUser, signIn } from '../../../../../tests/helpers/factories';
import { LOCATIONS } from '@shared/constants/locations';
import { REQUEST_PHOTO_MESSAGES } from '@shared/constants/request-photos';
import { UPLOAD_MESSAGES } from '@shared/constants/uploads';
import { jobNotifications, requestPhotos, serviceRequests } from '../../../db/schema';
import { sweepAbandonedPhotos } from '../../../domain/request-photos';
import { heicDecodable } from '../../../infra/images';

const bowie = LOCATIONS.find((l) => l.name === 'Bowie, MD')!;

let t: TestApp;
let admin = '';
beforeAll(async () => {
  t = await buildTestApp();
  const a = await createUser(t.app, { role: 'admin' });
  admin = await signIn(t.app, a.username!);
});
afterAll(() => t.close());

/** A camera-like JPEG: 600x400 stored sideways (EXIF orientation 6) with a GPS position. */
const cameraJpeg = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Phone 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '38/1 56/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '76/1 43/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

/**
 * The number of entries of the GPS IFD in a raw EXIF block (TIFF structure), 0 when it has
 * none: read by hand so the test does not trust sharp's word about sharp's output.
 */
function gpsEntries(exif: Buffer | undefined): number {
  if (!exif) return 0;
  const tiff = exif.subarray(exif.indexOf('Exif\0\0') === 0 ? 6 : 0);
  const le = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (le ? tiff.readUInt16LE(o) : tiff.readUInt16BE(o));
  const u32 = (o: number) => (le ? tiff.readUInt32LE(o) : tiff.readUInt32BE(o));
  const ifd0 = u32(4);
  for (let i = 0; i < u16(ifd0); i++) {
    const entry = ifd0 + 2 + i * 12;
    if (u16(entry) === 0x8825) return u16(u32(entry + 8));
  }
  return 0;
}

const upload = (bytes: Buffer, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/request-photos',
    headers: { 'content-type': 'image/jpeg', ...headers },
    payload: bytes,
  });

async function uploaded(bytes?: Buffer, cookie?: string) {
  const res = await upload(bytes ?? (await cameraJpeg()), cookie ? { cookie } : {});
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; token: string; thumbnail: string };
}

const form = (email: string, photos?: string[]) => ({
  serviceType: 'Brake Service',
  description: 'Grinding noise from the front wheels when braking.',
  urgency: 'high',
  location: 'Bowie, MD',
  customerName: 'Jordan Lee',
  customerEmail: email,
  vehicleInfo: '2018 Honda Civic',
  ...(photos ? { photos } : {}),
});

const submit = (payload: object, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/service-requests',
    payload,
    headers: cookie ? { cookie } : {},
  });

const get = (url: string, cookie?: string) =>
  t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

async function photoRow(id: number) {
  const [row] = await t.app.db.select().from(requestPhotos).where(eq(requestPhotos.id, id));
  return row!;
}

async function stored(key: string) {
  const chunks: Buffer[] = [];
  for await (const c of await t.app.storage.read(key)) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

const requestCount = async () => (await t.app.db.select().from(serviceRequests)).length;

describe('POST /api/request-photos', () => {
  it('stores an upright JPEG without any metadata, at most 2048 px, with a thumbnail', async () => {
    const original = await cameraJpeg();
    // The fixture really carries a position.
    expect(gpsEntries((await sharp(original).metadata()).exif)).toBeGreaterThan(0);

    const body = await uploaded(original);
    expect(body.token).toMatch(/^\d+\.\d+\./);
    expect(body.thumbnail).toMatch(/^data:image\/jpeg;base64,/);

    const row = await photoRow(body.id);
    expect(row).toMatchObject({ serviceRequestId: null, position: null, width: 400, height: 600 });
    const full = await sharp(await stored(row.storageKey)).metadata();
    expect(full).toMatchObject({ format: 'jpeg', width: 400, height: 600 });
    expect(full.exif).toBeUndefined();
    expect(full.xmp).toBeUndefined();
    expect(full.icc).toBeUndefined();
    expect(full.orientation).toBeUndefined();
    expect(gpsEntries(full.exif)).toBe(0);
    expect((await stored(row.storageKey)).includes('TestCam')).toBe(false);

    const thumb = await sharp(await stored(row.thumbnailKey)).metadata();
    expect(thumb).toMatchObject({ format: 'jpeg', width: 213, height: 320 });
    expect(thumb.exif).toBeUndefined();
  });

  it('takes a PNG and brings a large photo down to 2048 px on its longest edge', async () => {
    const png = await sharp({
      create: { width: 3000, height: 1000, channels: 4, background: '#0a0' },
    })
      .png()
      .toBuffer();
    const body = await uploaded(png);
    const row = await photoRow(body.id);
    expect(row).toMatchObject({ width: 2048, height: 683 });
    expect((await sharp(await stored(row.storageKey)).metadata()).format).toBe('jpeg');
  });

  it('refuses what is not a JPEG, PNG or HEIC photo, whatever it claims to be', async () => {
    for (const bytes of [
      Buffer.from('just some text, not a photo'),
      Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj'),
      await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
        .webp()
        .toBuffer(),
      Buffer.alloc(0),
    ]) {
      const res = await upload(bytes);
      expect(res.statusCode).toBe(415);
      // Never naming a type this server would refuse too (HEIC needs an HEVC decoder).
      expect(res.json().message).toBe(
        heicDecodable()
          ? REQUEST_PHOTO_MESSAGES.unsupportedType
          : REQUEST_PHOTO_MESSAGES.unsupportedTypeNoHeic,
      );
      if (!heicDecodable()) expect(res.json().message).not.toContain('HEIC');
    }
    // JPEG's first bytes and then nothing a decoder can read.
    const broken = await upload(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(64)]));
    expect(broken.statusCode).toBe(415);
    expect(broken.json().message).toBe(REQUEST_PHOTO_MESSAGES.unreadable);
    expect(await t.app.db.select().from(requestPhotos).where(eq(requestPhotos.width, 10))).toEqual(
      [],
    );
  });

  it('says plainly that HEIC cannot be read when this build of sharp has no HEVC decoder', async () => {
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 0x18]),
      Buffer.from('ftypheic', 'latin1'),
      Buffer.alloc(64),
    ]);
    const res = await upload(heic, { 'content-type': 'image/heic' });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe(REQUEST_PHOTO_MESSAGES.heicUnsupported);
  });

  it('refuses a file over 10 MB with 413', async () => {
    const res = await upload(
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(10 * 1024 * 1024)]),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(UPLOAD_MESSAGES.tooLarge);
  });
});

describe('photos with a service request', () => {
  it('attaches the uploads in order; a sixth photo is refused and nothing is written', async () => {
    const photos = await Promise.all([1, 2, 3, 4, 5, 6].map(() => uploaded()));
    const before = await requestCount();
    const six = await submit(
      form(
        'six@example.com',
        photos.map((p) => p.token),
      ),
    );
    expect(six.statusCode).toBe(400);
    expect(six.json().message).toBe(REQUEST_PHOTO_MESSAGES.tooMany);
    expect(await requestCount()).toBe(before);

    const five = await submit(
      form(
        'five@example.com',
        photos.slice(0, 5).map((p) => p.token),
      ),
    );
    expect(five.statusCode, five.body).toBe(201);
    const rows = await t.app.db
      .select()
      .from(requestPhotos)
      .where(eq(requestPhotos.serviceRequestId, five.json().id));
    expect(rows.map((r) => [r.id, r.position]).sort((a, b) => a[1]! - b[1]!)).toEqual(
      photos.slice(0, 5).map((p, i) => [p.id, i + 1]),
    );

    // The database itself holds the line, whatever a caller does.
    await expect(
      t.app.db
        .update(requestPhotos)
        .set({ serviceRequestId: five.json().id, position: 6 })
        .where(eq(requestPhotos.id, photos[5]!.id)),
    ).rejects.toThrow();
    await expect(
      t.app.db
        .update(requestPhotos)
        .set({ serviceRequestId: five.json().id, position: 5 })
        .where(eq(requestPhotos.id, photos[5]!.id)),
    ).rejects.toThrow();
  });

  it('refuses a photo already used, a forged token and someone else’s upload, writing nothing', async () => {
    const photo = await uploaded();
    expect((await submit(form('first@example.com', [photo.token]))).statusCode).toBe(201);
    const before = await requestCount();

    const again = await submit(form('second@example.com', [photo.token]));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(REQUEST_PHOTO_MESSAGES.alreadyUsed);

    const fresh = await uploaded();
    const forged = await submit(
      form('forged@example.com', [`${fresh.id}.9999999999.${'A'.repeat(43)}`]),
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(REQUEST_PHOTO_MESSAGES.notFound);

    // A signed-in customer's upload goes only with that customer's own submission.
    const owner = await createUser(t.app);
    const ownerCookie = await signIn(t.app, owner.username!);
    const theirs = await uploaded(undefined, ownerCookie);
    const stolen = await submit(form('thief@example.com', [theirs.token]));
    expect(stolen.statusCode).toBe(400);
    expect(await requestCount()).toBe(before);
    expect((await photoRow(fresh.id)).serviceRequestId).toBeNull();
    expect((await submit(form(owner.email, [theirs.token]), ownerCookie)).statusCode).toBe(201);

    // An upload's token lasts a day; after it the photo cannot be attached and is swept.
    const late = await uploaded();
    t.clock.advance(25 * 60 * 60 * 1000);
    const expired = await submit(form('late@example.com', [late.token]));
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(REQUEST_PHOTO_MESSAGES.expired);
    const row = await photoRow(late.id);
    expect(await sweepAbandonedPhotos(t.app.db, t.app.storage, t.clock.now)).toBeGreaterThan(0);
    expect(
      await t.app.db.select().from(requestPhotos).where(eq(requestPhotos.id, late.id)),
    ).toEqual([]);
    await expect(t.app.storage.read(row.storageKey)).rejects.toThrow();
    // Attached photos stay.
    expect((await photoRow(photo.id)).serviceRequestId).not.toBeNull();
  });

  it('serves the photos to the customer, the technician who holds the job and admins only', async () => {
    const { user: techUser, technician } = await createTechnician(t.app, {
      location: bowie,
      plan: 'Professional',
    });
    const techCookie = await signIn(t.app, techUser.username!);
    const { user: otherTech } = await createTechnician(t.app, {
      location: bowie,
      plan: 'Professional',
    });
    const otherTechCookie = await signIn(t.app, otherTech.username!);
    const stranger = await createUser(t.app);
    const strangerCookie = await signIn(t.app, stranger.username!);

    const photo = await uploaded();
    const created = await submit(form('access@example.com', [photo.token]));
    expect(created.statusCode, created.body).toBe(201);
    const { id, reference, requestPath } = created.json() as {
      id: number;
      reference: string;
      requestPath: string;
    };
    const linkToken = new URL(requestPath, 'http://x').searchParams.get('t')!;

    // The guest with the follow link: the addresses carry the link's token.
    const page = await get(`/api/service-requests/${reference}?t=${linkToken}`);
    expect(page.statusCode).toBe(200);
    const [shown] = page.json().photos;
    expect(shown).toMatchObject({ id: photo.id, width: 400, height: 600 });
    expect(shown.url).toContain(`t=${linkToken}`);
    const full = await get(shown.url);
    expect(full.statusCode).toBe(200);
    expect(full.headers['content-type']).toBe('image/jpeg');
    expect(full.headers['cache-control']).toContain('private');
    expect((await sharp(full.rawPayload).metadata()).height).toBe(600);
    const thumb = await get(shown.thumbnailUrl);
    expect(thumb.statusCode).toBe(200);
    expect((await sharp(thumb.rawPayload).metadata()).height).toBe(320);

    const bare = `/api/service-requests/${reference}/photos/${photo.id}`;
    const refused = async (cookie?: string, url = bare) => {
      const res = await get(url, cookie);
      expect(res.statusCode, `${url} ${cookie ?? 'anonymous'}`).toBe(404);
    };
    // No proof, a wrong link, another customer, technicians who do not hold the job.
    await refused();
    await refused(undefined, `${bare}?t=${'x'.repeat(43)}`);
    await refused(strangerCookie);
    await refused(techCookie);
    await refused(otherTechCookie);
    // A photo of another request through this request's reference.
    const elsewhere = await uploaded();
    expect((await submit(form('other@example.com', [elsewhere.token]))).statusCode).toBe(201);
    await refused(
      undefined,
      `/api/service-requests/${reference}/photos/${elsewhere.id}?t=${linkToken}`,
    );
    // Nor does an unattached upload show through any request.
    const loose = await uploaded();
    await refused(admin, `/api/service-requests/${reference}/photos/${loose.id}`);

    expect((await get(bare, admin)).statusCode).toBe(200);
    expect((await get(`/api/service-requests/${reference}`, admin)).json().photos).toHaveLength(1);

    const [pending] = await t.app.db
      .select()
      .from(jobNotifications)
      .where(eq(jobNotifications.technicianId, technician.id));
    expect(pending?.serviceRequestId).toBe(id);
    const accept = await t.app.inject({
      method: 'PATCH',
      url: `/api/job-notifications/${pending!.id}/accept`,
      headers: { cookie: techCookie },
    });
    expect(accept.statusCode, accept.body).toBe(200);
    const job = await get(`/api/service-requests/${reference}`, techCookie);
    expect(job.json().photos).toEqual([
      expect.objectContaining({ id: photo.id, url: bare, thumbnailUrl: `${bare}?size=thumb` }),
    ]);
    expect((await get(bare, techCookie)).statusCode).toBe(200);
    // Still no one else.
    await refused(otherTechCookie);
    await refused(strangerCookie);
  });
});
