import { z } from 'zod';
import { formatWholeDollars } from '../money';
import { APPLICATION_STATUSES } from '../constants/domain';
import { APPLICATION_SPECIALTIES } from '../constants/service-types';
import { safeText } from './common';
import { requiredPhoneSchema } from './phone';

export const APPLICATION_STATES = ['MD', 'DC', 'VA'] as const;
export const APPLICATION_STATE_LABELS: Record<(typeof APPLICATION_STATES)[number], string> = {
  MD: 'Maryland',
  DC: 'Washington DC',
  VA: 'Virginia',
};

/** The two document slots of the application form; both are required to submit. */
export const APPLICATION_DOCUMENT_SLOTS = [
  { type: 'driversLicense', label: "Driver's License", field: 'driversLicenseUrl', required: true },
  {
    type: 'aseCertification',
    label: 'ASE Certification',
    field: 'aseCertificationUrl',
    required: true,
  },
] as const;

/** 'Missing Required Documents: Please upload: ...' with the labels of the missing slots. */
export const missingDocumentsMessage = (labels: string[]) =>
  `Missing Required Documents: Please upload: ${labels.join(', ')}`;

const text = (min: number, message: string, max: number, tooLong: string) =>
  safeText({ error: message }).trim().min(min, message).max(max, tooLong);

const documentAddress = safeText()
  .trim()
  .max(2048)
  .optional()
  .nullable()
  .transform((v) => v || undefined);

/** The technician application at /join-wrenchly: the form and POST /api/technician-applications. */
export const technicianApplicationSchema = z.object({
  firstName: text(
    2,
    'First name must be at least 2 characters',
    100,
    'First name must be at most 100 characters',
  ),
  lastName: text(
    2,
    'Last name must be at least 2 characters',
    100,
    'Last name must be at most 100 characters',
  ),
  email: safeText({ error: 'Please enter a valid email address' })
    .trim()
    .toLowerCase()
    .pipe(
      z.email('Please enter a valid email address').max(254, 'Please enter a valid email address'),
    ),
  phone: requiredPhoneSchema('Please enter a valid phone number'),
  address: text(
    5,
    'Please enter a complete address',
    200,
    'Address must be at most 200 characters',
  ),
  city: text(2, 'Please enter a valid city', 100, 'Please enter a valid city'),
  state: z.enum(APPLICATION_STATES, { error: 'Please select a state' }),
  zipCode: safeText({ error: 'Please enter a valid ZIP code' })
    .trim()
    .min(5, 'Please enter a valid ZIP code')
    .regex(/^\d{5}(-\d{4})?$/, 'Please enter a valid ZIP code'),
  yearsExperience: z
    .number({ error: 'Years of experience must be 0 or more' })
    .int('Years of experience must be a whole number')
    .min(0, 'Years of experience must be 0 or more')
    .max(80, 'Years of experience must be at most 80'),
  specialties: z
    .array(z.enum(APPLICATION_SPECIALTIES, { error: 'Please select specialties from the list' }), {
      error: 'Please select at least one specialty',
    })
    .min(1, 'Please select at least one specialty')
    .max(APPLICATION_SPECIALTIES.length),
  hourlyRate: z
    .number({ error: `Hourly rate must be at least ${formatWholeDollars(10)}` })
    .min(10, `Hourly rate must be at least ${formatWholeDollars(10)}`)
    .max(1000, `Hourly rate must be at most ${formatWholeDollars(1000)}`),
  bio: text(50, 'Bio must be at least 50 characters', 2000, 'Bio must be at most 2000 characters'),
  /** The uploadURL (or document id) of each uploaded document. */
  driversLicenseUrl: documentAddress,
  aseCertificationUrl: documentAddress,
});
export type TechnicianApplicationInput = z.input<typeof technicianApplicationSchema>;

export const applicationCreatedSchema = z.object({
  id: z.number().int(),
  status: z.literal('pending'),
  message: z.string(),
});

export const APPLICATION_RECEIVED_MESSAGE =
  "Thank you for your application! We'll review it and get back to you within 2-3 business days.";

export const applicationDocumentSchema = z.object({
  type: z.enum(['driversLicense', 'aseCertification']),
  label: z.string(),
  documentId: z.number().int(),
  fileName: z.string().nullable(),
  contentType: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** A short-lived link to read the file; null when it is not there. */
  url: z.string().nullable(),
  expiresAt: z.string().nullable(),
});

/** GET /api/admin/applications/:id */
export const applicationDetailSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zipCode: z.string(),
  yearsExperience: z.number().int(),
  specialties: z.array(z.string()),
  hourlyRate: z.string(),
  bio: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  submittedAt: z.string(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.string().nullable(),
  reviewNotes: z.string().nullable(),
  userId: z.number().int().nullable(),
  documents: z.array(applicationDocumentSchema),
});
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;

export const rejectApplicationSchema = z
  .object({
    reason: safeText()
      .trim()
      .max(2000, 'Reason must be at most 2000 characters')
      .optional()
      .transform((v) => v || undefined),
  })
  .nullish();

export const applicationApprovedSchema = z.object({
  message: z.string(),
  userId: z.number().int(),
  technicianId: z.number().int(),
  username: z.string(),
});
