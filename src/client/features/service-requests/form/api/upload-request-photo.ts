import type { RequestPhotoUpload } from '@shared/schemas/request-photos';
import { sendFile, type SendOptions } from '../../../../lib/upload-retry';

/**
 * POST /api/request-photos: one photo of the problem, sent before the request (its body is the
 * file), retried like every upload. The request names it by the returned token.
 */
export async function uploadRequestPhoto(
  file: File,
  options: Pick<SendOptions, 'onProgress' | 'onRetrying'> = {},
): Promise<RequestPhotoUpload> {
  const text = await sendFile('POST', '/api/request-photos', file, {
    headers: { 'content-type': file.type || 'application/octet-stream' },
    ...options,
  });
  return JSON.parse(text) as RequestPhotoUpload;
}
