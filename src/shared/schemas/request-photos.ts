import { z } from 'zod';
import { MAX_REQUEST_PHOTOS, REQUEST_PHOTO_MESSAGES } from '../constants/request-photos';

/**
 * POST /api/request-photos: the photo as it was stored. The token binds it to whoever uploaded
 * it: the service request that uses it names it by this token (ids alone are refused).
 */
export const requestPhotoUploadSchema = z.object({
  id: z.number().int(),
  token: z.string(),
  /** The 320px thumbnail as a data URL, for the form (a browser may not show HEIC). */
  thumbnail: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  expiresAt: z.string(),
});
export type RequestPhotoUpload = z.output<typeof requestPhotoUploadSchema>;

/** The `photos` of POST /api/service-requests: the upload tokens, in the order shown. */
export const requestPhotoTokensSchema = z
  .array(z.string().max(200), { error: 'photos must be a list of photo upload tokens' })
  .max(MAX_REQUEST_PHOTOS, REQUEST_PHOTO_MESSAGES.tooMany)
  .refine((tokens) => new Set(tokens).size === tokens.length, 'The same photo is attached twice');

/** A photo of the problem on a request's view: addresses that serve it to this viewer. */
export const requestPhotoSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  thumbnailUrl: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});
export type RequestPhoto = z.output<typeof requestPhotoSchema>;

/** GET /api/service-requests/:reference/photos/:photoId */
export const requestPhotoParamsSchema = z.object({
  reference: z.string().max(20),
  photoId: z.coerce
    .number({ error: 'Photo not found' })
    .int('Photo not found')
    .min(1, 'Photo not found')
    .max(2147483647, 'Photo not found'),
});
export const requestPhotoQuerySchema = z.object({
  t: z.string().max(200).optional(),
  size: z.enum(['full', 'thumb'], { error: 'size must be full or thumb' }).default('full'),
});
