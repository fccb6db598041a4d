import type { FastifyInstance } from 'fastify';
import { LIMITS } from '@shared/constants/domain';
import { REQUEST_PHOTO_MESSAGES } from '@shared/constants/request-photos';
import type { RequestPhotoUpload } from '@shared/schemas/request-photos';
import { resolveJobViewer } from '../../domain/job-access';
import { PHOTO_UPLOAD_TTL_MS } from '../../domain/request-photos';
import { AppError } from '../../infra/app-error';
import { heicDecodable, processPhoto, UnreadableImage } from '../../infra/images';
import type { SessionUser } from '../../infra/session';
import { signToken } from '../../infra/signed-token';
import { newPhotoKey } from '../../infra/storage';
import { detectFileType } from '../../infra/storage/file-type';
import * as q from './request-photos.queries';

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

export function createRequestPhotosService(app: FastifyInstance) {
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
    ): Promise<RequestPhotoUpload> {
      if (declaredLength !== undefined && declaredLength > LIMITS.maxUploadBytes)
        throw new AppError(413, REQUEST_PHOTO_MESSAGES.tooLarge);
      const bytes = await readLimited(body);
      const type = detectFileType(bytes);
      if (type === 'image/heic' && !heicDecodable())
        throw new AppError(415, REQUEST_PHOTO_MESSAGES.heicUnsupported);
      if (type !== 'image/jpeg' && type !== 'image/png' && type !== 'image/heic')
        throw new AppError(415, REQUEST_PHOTO_MESSAGES.unsupportedType);

      let photo;
      try {
        photo = await processPhoto(bytes);
      } catch (err) {
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
      const { request } = await resolveJobViewer(app, reference, user, token);
      const photo = await q.photoOfRequest(app.db, request.id, photoId);
      if (!photo) throw new AppError(404, PHOTO_NOT_FOUND);
      try {
        return await app.storage.read(size === 'thumb' ? photo.thumbnailKey : photo.storageKey);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT')
          throw new AppError(404, PHOTO_NOT_FOUND);
        throw err;
      }
    },
  };
}
