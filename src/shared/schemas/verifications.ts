import { z } from 'zod';
import { VERIFICATION_STATUSES, VERIFICATION_TYPES } from '../constants/domain';
import { dbId, isCalendarDate, safeText } from './common';

export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields';

const required = (max: number) =>
  safeText({ error: REQUIRED_FIELDS_MESSAGE })
    .trim()
    .min(1, REQUIRED_FIELDS_MESSAGE)
    .max(max, `Must be at most ${max} characters`);

const optionalText = (max: number, tooLong: string) =>
  safeText()
    .trim()
    .max(max, tooLong)
    .nullish()
    .transform((v) => v || undefined);

/** 'YYYY-MM-DD', optional; an empty form field counts as not given. */
const optionalDate = (label: string) =>
  z
    .string()
    .trim()
    .nullish()
    .transform((v) => v || undefined)
    .refine((v) => v === undefined || isCalendarDate(v), {
      message: `${label} must be a date (YYYY-MM-DD)`,
    });

/** The Add Verification dialog: POST /api/verifications. */
export const createVerificationSchema = z
  .object({
    technicianId: dbId(REQUIRED_FIELDS_MESSAGE),
    verificationType: z.enum(VERIFICATION_TYPES, {
      error: (issue) =>
        issue.input === undefined || issue.input === ''
          ? REQUIRED_FIELDS_MESSAGE
          : 'Verification type must be license, certification, insurance or background_check',
    }),
    credentialName: required(200),
    issuingOrganization: required(200),
    credentialNumber: optionalText(100, 'Credential number must be at most 100 characters'),
    issueDate: optionalDate('Issue date'),
    expirationDate: optionalDate('Expiration date'),
    notes: optionalText(2000, 'Notes must be at most 2000 characters'),
    /** An uploaded copy of the credential: its document id or the uploadURL it was given. */
    documentId: dbId().nullish(),
    documentUrl: optionalText(2048, 'Document URL is too long'),
  })
  .refine((v) => !v.issueDate || !v.expirationDate || v.expirationDate >= v.issueDate, {
    message: 'Expiration date cannot be before the issue date',
    path: ['expirationDate'],
  });
export type CreateVerificationInput = z.input<typeof createVerificationSchema>;

/** Marking Verified a credential without a document needs a note of how it was checked. */
export const CHECK_NOTE_REQUIRED =
  'No document is attached: to mark it Verified, note how you checked it (the registry and the reference)';
export const CHECKED_REGISTRY_REQUIRED = 'Name the registry you checked it in';
export const CHECKED_REFERENCE_REQUIRED = 'Give the reference the registry shows for it';

/** The admin review panel: PATCH /api/verifications/:id/status. */
export const verificationStatusUpdateSchema = z.object({
  status: z.enum(['verified', 'rejected', 'pending'], {
    error: 'Status must be verified, rejected or pending',
  }),
  notes: optionalText(2000, 'Notes must be at most 2000 characters'),
  /**
   * How the admin checked it, kept on the record: the registry consulted (e.g. 'Maryland MVA
   * license lookup') and the reference found there. Required to mark Verified a credential that
   * has no document.
   */
  checkedRegistry: optionalText(200, 'Registry must be at most 200 characters'),
  checkedReference: optionalText(200, 'Reference must be at most 200 characters'),
  /** Ignored: the server records the signed-in admin. */
  verifiedBy: z.unknown().optional(),
});

export const verificationSchema = z.object({
  id: z.number().int(),
  technicianId: z.number().int(),
  verificationType: z.enum(VERIFICATION_TYPES),
  credentialName: z.string(),
  issuingOrganization: z.string(),
  credentialNumber: z.string().nullable(),
  issueDate: z.string().nullable(),
  expirationDate: z.string().nullable(),
  notes: z.string().nullable(),
  /** 'expired' once the expiration date has passed, whatever the stored status says. */
  verificationStatus: z.enum(VERIFICATION_STATUSES),
  verifiedAt: z.string().nullable(),
  verifiedBy: z.string().nullable(),
  /** How the admin checked it without (or besides) a document: registry and reference. */
  checkedRegistry: z.string().nullable(),
  checkedReference: z.string().nullable(),
  documentId: z.number().int().nullable(),
  /** A short-lived link to the attached document, when there is one. */
  documentUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type Verification = z.infer<typeof verificationSchema>;

/** The admin lists add who the credential belongs to. */
export const adminVerificationSchema = verificationSchema.extend({
  technician: z.object({
    id: z.number().int(),
    user: z.object({ firstName: z.string(), lastName: z.string(), email: z.string() }),
  }),
});
export type AdminVerification = z.infer<typeof adminVerificationSchema>;

export const expiringQuerySchema = z.object({
  days: z.coerce
    .number({ error: 'days must be a number from 1 to 365' })
    .int('days must be a number from 1 to 365')
    .min(1, 'days must be a number from 1 to 365')
    .max(365, 'days must be a number from 1 to 365')
    .default(30),
});
