import type { DocumentKind } from '@shared/constants/domain';
import type { CreateUploadInput, UploadTarget } from '@shared/schemas/documents';
import { ACCEPTED_UPLOAD_TYPES, UPLOAD_MESSAGES } from '@shared/constants/uploads';
import { LIMITS } from '@shared/constants/domain';
import { ApiError, apiRequest, errorMessage } from '../api-client';
import { NETWORK_FAILURE, sendFile, type SendOptions } from '../upload-retry';

/** What an upload reports while it goes: progress (0 to 100) and waiting to retry. */
export type UploadReports = Pick<SendOptions, 'onProgress' | 'onRetrying'>;

/** The image types a photo or logo may be. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const IMAGE_TYPE_MESSAGE = 'Unsupported file type: choose a PNG, JPEG or WebP image';

/**
 * Why a chosen file cannot be uploaded, checked in the browser before any request (the server
 * checks again): too large, or not one of `types`. Null when it may go.
 */
export function uploadProblem(
  file: File,
  types: readonly string[] = ACCEPTED_UPLOAD_TYPES,
  typeMessage: string = UPLOAD_MESSAGES.unsupportedType,
): string | null {
  if (file.size > LIMITS.maxUploadBytes) return UPLOAD_MESSAGES.tooLarge;
  if (file.size === 0) return 'The file is empty';
  // Some systems give HEIC photos no type: the server reads the bytes and decides.
  if (file.type && !types.includes(file.type.toLowerCase())) return typeMessage;
  return null;
}

/** Why an upload failed, for the message under the file field: the server's words first. */
export function uploadFailure(err: unknown): string {
  if (err instanceof ApiError && err.status === 0) return NETWORK_FAILURE;
  if (err instanceof ApiError)
    return err.serverMessage ?? `The upload failed (${err.status}). Please try again.`;
  if (err instanceof TypeError) return 'The upload failed. Please check your connection.';
  if (err instanceof Error && !/^\d{3}: /.test(err.message) && err.message) return err.message;
  return errorMessage(err, 'The upload failed. Please try again.');
}

/** The body asking the documents upload endpoint for an address for this file. */
export const uploadRequestFor = (file: File, kind?: DocumentKind): CreateUploadInput => ({
  kind,
  fileName: file.name,
  contentType: file.type || undefined,
  size: file.size,
});

/**
 * The second step of the documents upload flow: the file's direct PUT to the signed address the
 * server gave (the app itself or S3), reporting progress (0 to 100), retried on a dropped
 * connection, 408, 429 and 5xx (`sendFile`), with `onRetrying` told while it waits.
 */
export async function putFile(
  target: UploadTarget,
  file: File,
  reports: UploadReports = {},
): Promise<UploadTarget> {
  await sendFile('PUT', target.uploadURL, file, {
    headers: file.type ? { 'content-type': file.type } : {},
    ...reports,
  });
  return target;
}

/**
 * A file through the documents upload flow: asks for an upload address (POST
 * /api/documents/upload) for `kind` (none: an anonymous application document), then PUTs the
 * file there. The record that uses it attaches it by `documentId` or `uploadURL`.
 */
export async function uploadDocument(
  file: File,
  kind: DocumentKind | undefined,
  reports: UploadReports = {},
): Promise<UploadTarget> {
  const target = await apiRequest<UploadTarget>(
    'POST',
    '/api/documents/upload',
    uploadRequestFor(file, kind),
  );
  return putFile(target, file, reports);
}
