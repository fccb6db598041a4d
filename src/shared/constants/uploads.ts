import { LIMITS } from './domain';

/** File types a document upload may hold (PDF or a photo of the document). */
export const ACCEPTED_UPLOAD_TYPES = [
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;
export type AcceptedUploadType = (typeof ACCEPTED_UPLOAD_TYPES)[number];

/** For a file input's `accept` attribute. */
export const UPLOAD_ACCEPT =
  '.pdf,.png,.jpg,.jpeg,.webp,.heic,.heif,' + ACCEPTED_UPLOAD_TYPES.join(',');

export const UPLOAD_MESSAGES = {
  tooLarge: 'File too large: the limit is 10 MB',
  unsupportedType: 'Unsupported file type: upload a PDF, PNG, JPEG, WebP or HEIC file',
} as const;

/** How long a link to read a private document stays valid. */
export const DOCUMENT_LINK_TTL_SECONDS = 5 * 60;

export const MAX_UPLOAD_BYTES = LIMITS.maxUploadBytes;
