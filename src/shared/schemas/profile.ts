import { z } from 'zod';
import { formatWholeDollars } from '../money';
import { LOCATION_NAMES } from '../constants/locations';
import { SERVICE_TYPES } from '../constants/service-types';
import { ROLES, USER_STATUSES } from '../constants/domain';
import { dbIdNumber, safeText } from './common';
import { phoneSchema } from './phone';
import { warrantyMilesSchema, warrantyMonthsSchema, warrantyTermsSchema } from './warranty';
import { startingPriceOutSchema, startingPricesSchema } from './starting-prices';

/** The signed-in technician's own profile. */
export const ownProfileSchema = z.object({
  id: z.number().int(),
  status: z.enum(USER_STATUSES),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  location: z.string(),
  zipCode: z.string().nullable(),
  serviceRadiusMiles: z.number().int(),
  yearsExperience: z.number().int(),
  hourlyRate: z.string(),
  bio: z.string().nullable(),
  profileImage: z.string().nullable(),
  /** Current verified certifications: what the public profile shows (ADR 033). */
  certifications: z.array(z.string()),
  /** Certifications waiting for review: shown to the technician only, marked pending. */
  pendingCertifications: z.array(z.string()),
  /** A current verified license and insurance: listed as certified, and receiving leads. */
  certified: z.boolean(),
  specialties: z.array(z.string()),
  isAvailable: z.boolean(),
  rating: z.string(),
  totalReviews: z.number().int(),
  /** Why the technician is not receiving jobs, if it is not. */
  dispatchBlockers: z.array(z.string()),
  /** Prices published before booking. */
  startingPrices: z.array(startingPriceOutSchema),
  /** The workmanship warranty offered: the platform's 12 months / 12,000 miles or more. */
  warranty: warrantyTermsSchema,
});
export type OwnProfile = z.infer<typeof ownProfileSchema>;

/** Certifications are not typed in: the verified ones are shown (ADR 033). */
export const CERTIFICATIONS_FROM_VERIFICATIONS =
  'Certifications come from your verified credentials: add them under My Verifications';

export const updateProfileSchema = z
  .object({
    isAvailable: z.boolean().optional(),
    hourlyRate: z.coerce
      .number({ error: 'Hourly rate must be a number' })
      .min(10, `Hourly rate must be at least ${formatWholeDollars(10)}`)
      .max(1000, `Hourly rate must be at most ${formatWholeDollars(1000)}`)
      .optional(),
    bio: safeText().trim().max(2000, 'Bio must be at most 2000 characters').optional(),
    specialties: z
      .array(z.enum(SERVICE_TYPES, { error: 'Unknown specialty' }))
      .max(SERVICE_TYPES.length)
      .optional(),
    /** Certifications come from verified credentials (My Verifications), never typed in. */
    certifications: z
      .unknown()
      .optional()
      .refine((v) => v === undefined, { message: CERTIFICATIONS_FROM_VERIFICATIONS }),
    location: z.enum(LOCATION_NAMES, { error: 'Choose one of the service locations' }).optional(),
    zipCode: safeText()
      .trim()
      .regex(/^\d{5}$/, 'Please enter a valid ZIP code')
      .optional(),
    serviceRadiusMiles: z.coerce
      .number({ error: 'Service radius must be a number' })
      .int('Service radius must be whole miles')
      .min(1, 'Service radius must be at least 1 mile')
      .max(100, 'Service radius must be at most 100 miles')
      .optional(),
    yearsExperience: z.coerce
      .number({ error: 'Years of experience must be a number' })
      .int('Years of experience must be a whole number')
      .min(0, 'Years of experience must be 0 or more')
      .max(80, 'Years of experience must be at most 80')
      .optional(),
    /** Stored in E.164; '' removes it. */
    phone: phoneSchema().optional(),
    /** The whole list of prices published before booking (replaces the stored one). */
    startingPrices: startingPricesSchema.optional(),
    /** The workmanship warranty offered on new quotes (ADR 044). */
    warrantyMonths: warrantyMonthsSchema.optional(),
    warrantyMiles: warrantyMilesSchema.optional(),
    /** An uploaded image (documents upload flow) to show as the photo; null removes it. */
    profilePhotoDocumentId: dbIdNumber('Profile photo must be an uploaded document')
      .nullable()
      .optional(),
  })
  .refine((v) => !(v.location && v.zipCode), {
    message: 'Give either a named location or a ZIP code, not both',
    path: ['zipCode'],
  });
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

export const adminUserSchema = z.object({
  id: z.number().int(),
  username: z.string().nullable(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(ROLES),
  status: z.enum(USER_STATUSES),
  isGuest: z.boolean(),
  technicianId: z.number().int().nullable(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;
