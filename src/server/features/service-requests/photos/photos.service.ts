import type { FastifyInstance } from 'fastify';
import { LIMITS } from '@shared/constants/domain';
import { REQUEST_PHOTO_MESSAGES } from '@shared/constants/request-photos';
import type { RequestPhotoUpload } from '@shared/schemas/request-photos';
import { resolveRequestViewer } from '../../../domain/request-access';
import { PHOTO_UPLOAD_TTL_MS } from '../../../domain/request-photos';
import { AppError } from '../../../infra/app-error';
import {
  assertDecodable,
  heicDecodable,
  ImageTooLarge,
  processPhoto,
  UnreadableImage,
} from '../../../infra/images';
import { imageQueue } from '../../../infra/image-queue';
import { tooManyAttempts } from '../../../infra/rate-limiter';
import { QueueFull } from '../../../infra/work-queue';
import type { SessionUser } from '../../../infra/session';
import { signToken } from '../../../infra/signed-token';
import { newPhotoKey, readOrNotFound } from '../../../infra/storage';
import { detectFileType } from '../../../infra/storage/file-type';
import * as q from './photos.queries';

const PHOTO_NOT_FOUND = 'Photo not found';

/** The whole body, refusing it as soon as it passes the size limit. */
async function readLimited(source: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of source) {
    size += chunk.length;
    if (size > LIMITS.maxUploadBytes) throw new AppError(413, REQUEST_PHOTO_MESSAGES.tooLarge);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/** Photo uploads one address, or one signed-in user from any address, may make per window. */
export const PHOTO_UPLOADS_PER_WINDOW = 30;
const UPLOAD_WINDOW_MS = 10 * 60 * 1000;

export function createPhotosService(app: FastifyInstance) {
  // Decoding is the expensive part, and it shares libuv's thread pool with password hashing:
  // a bounded queue keeps a burst of photos (or of decompression bombs) from starving sign-ins.
  const decoding = imageQueue(app);
  const byAddress = app.rateLimits.limiter(
    'request-photos:ip',
    PHOTO_UPLOADS_PER_WINDOW,
    UPLOAD_WINDOW_MS,
  );
  const byUser = app.rateLimits.limiter(
    'request-photos:user',
    PHOTO_UPLOADS_PER_WINDOW,
    UPLOAD_WINDOW_MS,
  );
  const limited = (wait: number) => tooManyAttempts('Too many photos uploaded', wait);

  return {
    /**
     * A photo of the problem, before the request exists: checked by its bytes (JPEG, PNG or
     * HEIC), re-encoded without metadata, stored with its thumbnail, and returned with the
     * token the request's submission names it by.
     */
    async upload(
      body: AsyncIterable<Buffer>,
      declaredLength: number | undefined,
      user: SessionUser | null,
      ip: string,
    ): Promise<RequestPhotoUpload> {
      if (declaredLength !== undefined && declaredLength > LIMITS.maxUploadBytes)
        throw new AppError(413, REQUEST_PHOTO_MESSAGES.tooLarge);
      // Per address, and per signed-in user whatever address they come from.
      const ipWait = await byAddress.consume(ip);
      if (ipWait > 0) throw limited(ipWait);
      if (user) {
        const userWait = await byUser.consume(String(user.id));
        if (userWait > 0) throw limited(userWait);
      }
      const bytes = await readLimited(body);
      const type = detectFileType(bytes);
      if (type === 'image/heic' && !heicDecodable())
        throw new AppError(415, REQUEST_PHOTO_MESSAGES.heicUnsupported);
      if (type !== 'image/jpeg' && type !== 'image/png' && type !== 'image/heic')
        throw new AppError(
          415,
          heicDecodable()
            ? REQUEST_PHOTO_MESSAGES.unsupportedType
            : REQUEST_PHOTO_MESSAGES.unsupportedTypeNoHeic,
        );

      let photo;
      try {
        // A bomb is refused from its header before it takes a place in the queue.
        await assertDecodable(bytes);
        photo = await decoding.run(() => processPhoto(bytes));
      } catch (err) {
        if (err instanceof QueueFull)
          throw new AppError(503, REQUEST_PHOTO_MESSAGES.busy, undefined, err.retryAfterSeconds);
        if (err instanceof ImageTooLarge)
          throw new AppError(413, REQUEST_PHOTO_MESSAGES.tooManyPixels);
        if (err instanceof UnreadableImage) {
          const message =
            type === 'image/heic'
              ? REQUEST_PHOTO_MESSAGES.heicUnsupported
              : REQUEST_PHOTO_MESSAGES.unreadable;
          throw new AppError(415, message);
        }
        throw err;
      }

      const storageKey = newPhotoKey();
      const thumbnailKey = newPhotoKey();
      // Files first: a row always has its files; files without a row are unreachable.
      await app.storage.put(storageKey, photo.full, 'image/jpeg');
      await app.storage.put(thumbnailKey, photo.thumbnail, 'image/jpeg');
      const now = app.clock();
      let row;
      try {
        row = await q.insertPhoto(app.db, {
          // The app's clock, which the token's expiry and the sweep also read.
          createdAt: now,
          uploaderUserId: user?.id ?? null,
          storageKey,
          thumbnailKey,
          width: photo.width,
          height: photo.height,
          sizeBytes: photo.full.length,
        });
      } catch (err) {
        await Promise.allSettled([
          app.storage.remove(storageKey),
          app.storage.remove(thumbnailKey),
        ]);
        throw err;
      }
      const expiresAt = new Date(now.getTime() + PHOTO_UPLOAD_TTL_MS);
      return {
        id: row.id,
        token: signToken(app.config.sessionSecret, 'request-photo', row.id, expiresAt),
        thumbnail: `data:image/jpeg;base64,${photo.thumbnail.toString('base64')}`,
        width: photo.width,
        height: photo.height,
        expiresAt: expiresAt.toISOString(),
      };
    },

    /**
     * One of the request's photos, for those who may see the request (its customer, the
     * technician who holds the job, admins); anyone else gets the request's 404.
     */
    async open(
      reference: string,
      photoId: number,
      size: 'full' | 'thumb',
      user: SessionUser | null,
      token: string | undefined,
    ) {
      const { request } = await resolveRequestViewer(app, reference, user, token);
      const photo = await q.photoOfRequest(app.db, request.id, photoId);
      if (!photo) throw new AppError(404, PHOTO_NOT_FOUND);
      return readOrNotFound(
        app.storage,
        size === 'thumb' ? photo.thumbnailKey : photo.storageKey,
        PHOTO_NOT_FOUND,
      );
    },
  };
}
