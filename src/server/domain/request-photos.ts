import { REQUEST_PHOTO_MESSAGES } from '@shared/constants/request-photos';
import { formatReference } from '@shared/service-request-rules';
import type { RequestPhoto } from '@shared/schemas/request-photos';
import type { Db, DbOrTx } from '../db/client';
import { AppError } from '../infra/app-error';
import { verifyToken } from '../infra/signed-token';
import type { Storage } from '../infra/storage';
import type { RequestViewer, ServiceRequestRow } from './request-access';
import { requestLinkToken } from './request-links';
import {
  attachPhoto,
  deletePhotos,
  lockAbandonedPhotos,
  lockPhoto,
  photosOfRequest,
} from './request-photos.queries';

/** How long an upload's token may bind it to a request (a form can stay open a while). */
export const PHOTO_UPLOAD_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Binds the uploaded photos named by `tokens` to the request being written in `tx`, in order
 * (positions 1 to 5). A token proves its holder uploaded the photo (ids alone are never taken);
 * a photo a signed-in user uploaded binds only to that user's submission. The photo row is
 * locked, so two submissions naming one photo cannot both take it, and the unique (request,
 * position) index with its 1-to-5 check makes a sixth photo impossible whatever races.
 */
export async function attachRequestPhotos(
  tx: DbOrTx,
  options: {
    secret: string;
    now: Date;
    serviceRequestId: number;
    tokens: readonly string[];
    submitterUserId: number | null;
  },
): Promise<number[]> {
  const ids: number[] = [];
  for (const [i, token] of options.tokens.entries()) {
    const check = verifyToken(options.secret, 'request-photo', token, options.now);
    if (!check.ok)
      throw new AppError(
        400,
        check.reason === 'expired'
          ? REQUEST_PHOTO_MESSAGES.expired
          : REQUEST_PHOTO_MESSAGES.notFound,
      );
    const photo = await lockPhoto(tx, check.id);
    if (
      !photo ||
      (photo.uploaderUserId !== null && photo.uploaderUserId !== options.submitterUserId)
    )
      throw new AppError(400, REQUEST_PHOTO_MESSAGES.notFound);
    if (photo.serviceRequestId !== null)
      throw new AppError(409, REQUEST_PHOTO_MESSAGES.alreadyUsed);
    const done = await attachPhoto(tx, photo.id, options.serviceRequestId, i + 1);
    if (!done) throw new AppError(409, REQUEST_PHOTO_MESSAGES.alreadyUsed);
    ids.push(photo.id);
  }
  return ids;
}

/** The path that serves one of the request's photos (full size or thumbnail). */
export const requestPhotoPath = (
  serviceRequestId: number,
  photoId: number,
  size: 'full' | 'thumb',
  token?: string,
) => {
  const query = new URLSearchParams();
  if (size === 'thumb') query.set('size', 'thumb');
  if (token) query.set('t', token);
  const qs = query.toString();
  return `/api/service-requests/${formatReference(serviceRequestId)}/photos/${photoId}${qs ? `?${qs}` : ''}`;
};

/**
 * The request's photos with addresses this viewer can open: a customer who came by the signed
 * link (no session) gets the link's token in them, as an <img> sends no other proof.
 */
export async function requestPhotosFor(
  db: DbOrTx,
  secret: string,
  request: ServiceRequestRow,
  viewer: RequestViewer,
): Promise<RequestPhoto[]> {
  const rows = await photosOfRequest(db, request.id);
  const token =
    viewer.role === 'customer' && viewer.proof !== 'account'
      ? requestLinkToken(secret, request.id, 'follow')
      : undefined;
  return rows.map((p) => ({
    id: p.id,
    url: requestPhotoPath(request.id, p.id, 'full', token),
    thumbnailUrl: requestPhotoPath(request.id, p.id, 'thumb', token),
    width: p.width,
    height: p.height,
  }));
}

const SWEEP_BATCH = 200;

/**
 * The hourly sweep: photos no request took within the upload's lifetime are deleted, rows
 * first and then their files. A photo being attached right now is locked and skipped.
 */
export async function sweepAbandonedPhotos(
  db: Db,
  storage: Storage,
  now: Date,
  log?: { error(obj: object, msg: string): void },
): Promise<number> {
  const cutoff = new Date(now.getTime() - PHOTO_UPLOAD_TTL_MS);
  let deleted = 0;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const rows = await lockAbandonedPhotos(tx, cutoff, SWEEP_BATCH);
      if (rows.length)
        await deletePhotos(
          tx,
          rows.map((r) => r.id),
        );
      return rows;
    });
    for (const row of batch)
      for (const key of [row.storageKey, row.thumbnailKey])
        await storage.remove(key).catch((err: unknown) => {
          // The row is gone; a file left behind is unreachable, and logged for the operator.
          log?.error({ err, storageKey: key }, 'could not delete an abandoned photo');
        });
    deleted += batch.length;
    if (batch.length < SWEEP_BATCH) return deleted;
  }
}
