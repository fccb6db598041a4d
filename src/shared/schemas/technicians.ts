import { z } from 'zod';
import { LOCATION_NAMES } from '../constants/locations';
import { SERVICE_TYPES } from '../constants/service-types';
import { TECHNICIAN_SORTS } from '../constants/technician-sorts';
import { safeText } from './common';
import { startingPriceOutSchema } from './starting-prices';
import { warrantyTermsSchema } from './warranty';

/** The spec's Technician entity, as the API returns it. */
export const technicianSchema = z.object({
  id: z.number().int(),
  user: z.object({
    firstName: z.string(),
    lastName: z.string(),
    phone: z.string().nullable(),
    /** Only for the technician themself and admins; null for everyone else. */
    email: z.string().nullable(),
  }),
  rating: z.string(),
  totalReviews: z.number().int(),
  location: z.string(),
  yearsExperience: z.number().int(),
  hourlyRate: z.string(),
  /** Verified, current certifications only: nothing unverified is public (ADR 033). */
  certifications: z.array(z.string()),
  /**
   * Holds a current verified license and insurance: certified, and receives leads. Otherwise
   * listed as 'New, credentials in review'.
   */
  certified: z.boolean(),
  /** Only for the technician themself and admins: certifications waiting for review. */
  pendingCertifications: z.array(z.string()).optional(),
  specialties: z.array(z.string()),
  bio: z.string().nullable(),
  profileImage: z.string().nullable(),
  isAvailable: z.boolean(),
  serviceRadiusMiles: z.number().int(),
  /** Miles from the searched location, when one was given. */
  distanceMiles: z.number().optional(),
  /**
   * The technician's base for the list's map, rounded to 2 decimals (about half a mile): bases
   * are town or ZIP centres, and the rounding keeps it from pointing at a house.
   */
  mapPoint: z.object({ latitude: z.number(), longitude: z.number() }).optional(),
  /** On a plan with a featured listing (Premium, Professional): the 'Featured' badge. */
  featured: z.boolean(),
  /** Prices published before booking (search cards show the lowest). */
  startingPrices: z.array(startingPriceOutSchema).optional(),
  /** The workmanship warranty offered on new quotes (the platform's 12 months / 12,000 miles or more). */
  warranty: warrantyTermsSchema.optional(),
});
export type Technician = z.infer<typeof technicianSchema>;

const optionalText = safeText()
  .trim()
  .max(100)
  .optional()
  .transform((v) => (v ? v : undefined));

const caseInsensitiveOneOf = <T extends readonly [string, ...string[]]>(
  values: T,
  message: string,
) =>
  optionalText.pipe(
    z
      .string()
      .transform((v) => values.find((x) => x.toLowerCase() === v.toLowerCase()))
      .refine((v) => v !== undefined, message)
      .optional(),
  );

/** The list's orders (ADR 018); distance needs a place, else the list is by rating. */
export { TECHNICIAN_SORTS, type TechnicianSort } from '../constants/technician-sorts';

/** Filters for GET /api/technicians (query) and POST /api/technicians/search (body). */
export const technicianSearchSchema = z
  .object({
    serviceType: caseInsensitiveOneOf(
      SERVICE_TYPES,
      `serviceType must be one of: ${SERVICE_TYPES.join(', ')}`,
    ),
    location: caseInsensitiveOneOf(
      LOCATION_NAMES,
      `location must be one of: ${LOCATION_NAMES.join(', ')}`,
    ),
    zip: optionalText.pipe(
      z
        .string()
        .regex(/^\d{5}(-\d{4})?$/, 'zip must be a 5-digit US ZIP code')
        .optional(),
    ),
    /** Free text: a ZIP code, an address with a ZIP code, a named town or 'City, ST'. */
    near: safeText()
      .trim()
      .max(200, 'near must be at most 200 characters')
      .optional()
      .transform((v) => (v ? v : undefined)),
    sort: optionalText.pipe(
      z
        .string()
        .transform((v) => v.toLowerCase())
        .pipe(
          z.enum(TECHNICIAN_SORTS, {
            error: `sort must be one of: ${TECHNICIAN_SORTS.join(', ')}`,
          }),
        )
        .optional(),
    ),
    maxDistance: z.coerce
      .number({ error: 'maxDistance must be a number of miles' })
      .positive('maxDistance must be greater than 0')
      .max(500, 'maxDistance must be at most 500 miles')
      .optional(),
    name: optionalText,
    available: z
      .union([z.boolean(), z.enum(['true', 'false'])])
      .optional()
      .transform((v) => (v === undefined ? true : v === true || v === 'true')),
    /** Only featured technicians (the home page's featured mechanics). */
    featured: z
      .union([z.boolean(), z.enum(['true', 'false'])])
      .optional()
      .transform((v) => v === true || v === 'true'),
    page: z.coerce.number().int().min(1, 'page must be 1 or more').max(100000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100, 'pageSize must be at most 100').default(20),
    // Accepted for the quick-search form; not used for matching.
    vehicleYear: z.unknown().optional(),
    vehicleMake: z.unknown().optional(),
    vehicleModel: z.unknown().optional(),
  })
  .refine((f) => !(f.location && f.zip), {
    message: 'Give either location or zip, not both',
    path: ['zip'],
  })
  .refine((f) => !(f.near && (f.location || f.zip)), {
    message: 'Give one of location, zip or near',
    path: ['near'],
  });
export type TechnicianSearch = z.infer<typeof technicianSearchSchema>;
export type TechnicianSearchInput = z.input<typeof technicianSearchSchema>;

/** GET /api/stats: the home page's marketplace figures. */
export const marketplaceStatsSchema = z.object({
  /** Listed technicians, certified or not. */
  approvedTechnicians: z.number(),
  /** Listed technicians with a current verified license and insurance: the home page's count. */
  certifiedTechnicians: z.number(),
  completedJobs: z.number(),
});
export type MarketplaceStats = z.output<typeof marketplaceStatsSchema>;

/** The spec's Review; profiles get more per review (publicReviewSchema in ./reviews). */
export const reviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int().min(1).max(5),
  comment: z.string().nullable(),
  createdAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;
