import { z } from 'zod';
import { DOCUMENT_KINDS, LIMITS } from '../constants/domain';
import { ACCEPTED_UPLOAD_TYPES, UPLOAD_MESSAGES } from '../constants/uploads';
import { safeText } from './common';

/**
 * POST /api/documents/upload. Every field is optional (the application form sends none); what
 * is declared is checked early, and the bytes themselves are checked again after the upload.
 */
export const createUploadSchema = z
  .object({
    kind: z.enum(DOCUMENT_KINDS, { error: 'Unknown document kind' }).optional(),
    fileName: safeText()
      .trim()
      .max(255, 'File name must be at most 255 characters')
      .optional()
      .transform((v) => v || undefined),
    contentType: safeText()
      .trim()
      .toLowerCase()
      .optional()
      .transform((v) => v || undefined)
      .pipe(z.enum(ACCEPTED_UPLOAD_TYPES, { error: UPLOAD_MESSAGES.unsupportedType }).optional()),
    size: z
      .number({ error: 'Size must be a number of bytes' })
      .int('Size must be a number of bytes')
      .min(1, 'The file is empty')
      .max(LIMITS.maxUploadBytes, UPLOAD_MESSAGES.tooLarge)
      .optional(),
  })
  // No body at all arrives as null.
  .nullish();
export type CreateUploadInput = z.input<typeof createUploadSchema>;

export const uploadTargetSchema = z.object({
  /** Where to PUT the file's bytes: one direct, single-part request. */
  uploadURL: z.string(),
  documentId: z.number().int(),
  expiresAt: z.string(),
});
export type UploadTarget = z.infer<typeof uploadTargetSchema>;

export const uploadDoneSchema = z.object({ documentId: z.number().int() });

export const documentLinkSchema = z.object({ url: z.string(), expiresAt: z.string() });
export type DocumentLink = z.infer<typeof documentLinkSchema>;
