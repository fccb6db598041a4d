import { z } from 'zod';
import { PLAN_TIERS } from '../constants/domain';
import { TOOL_SLUGS } from '../tools';
import { safeText } from './common';
import {
  MAX_MILEAGE,
  MAX_MILEAGE_TEXT,
  VIN_LENGTH_MESSAGE,
  VIN_LETTERS_MESSAGE,
  VIN_PATTERN,
} from './vehicles';

/** GET /api/tools: the catalogue, with what the caller's plan opens. */
export const toolSchema = z.object({
  slug: z.enum(TOOL_SLUGS),
  name: z.string(),
  category: z.string(),
  description: z.string(),
  requiredPlan: z.enum(PLAN_TIERS),
  features: z.array(z.string()),
  icon: z.string(),
  path: z.string(),
  /** Whether the caller may use it now (Free tools always). */
  unlocked: z.boolean(),
});
export type ToolItem = z.infer<typeof toolSchema>;
export const toolCatalogueSchema = z.object({
  currentPlan: z.enum(PLAN_TIERS),
  signedIn: z.boolean(),
  items: z.array(toolSchema),
});

// ---- Trouble codes ------------------------------------------------------------------------

/** A diagnostic trouble code: system letter, 0-3, three hex digits (SAE J2012). */
export const DTC_PATTERN = /^[PCBU][0-3][0-9A-F]{3}$/;
export const DTC_MESSAGE =
  'A trouble code is a letter P, C, B or U, a digit 0 to 3 and three digits or letters A to F (e.g. P0300)';

export const dtcParamsSchema = z.object({
  code: safeText({ error: DTC_MESSAGE })
    .trim()
    .toUpperCase()
    .refine((v) => DTC_PATTERN.test(v), DTC_MESSAGE),
});

export const DTC_SYSTEMS = ['Powertrain', 'Chassis', 'Body', 'Network'] as const;

export const dtcSchema = z.object({
  code: z.string(),
  system: z.enum(DTC_SYSTEMS),
  description: z.string(),
  /** Likely causes, most common first; empty when the table has none for the code. */
  causes: z.array(z.string()),
});
export type Dtc = z.infer<typeof dtcSchema>;

export const DTC_QUERY_MESSAGE = 'Search with 2 to 60 characters (a code or words)';
export const dtcSearchQuerySchema = z.object({
  q: safeText({ error: DTC_QUERY_MESSAGE })
    .trim()
    .min(2, DTC_QUERY_MESSAGE)
    .max(60, DTC_QUERY_MESSAGE),
});
/** At most this many matches are returned; `total` says how many there were. */
export const DTC_SEARCH_LIMIT = 50;
export const dtcSearchSchema = z.object({
  q: z.string(),
  total: z.number().int(),
  items: z.array(dtcSchema),
});

// ---- VIN ----------------------------------------------------------------------------------

export const vinParamsSchema = z.object({
  vin: safeText({ error: VIN_LENGTH_MESSAGE })
    .trim()
    .toUpperCase()
    .refine((v) => v.length === 17, VIN_LENGTH_MESSAGE)
    .refine((v) => v.length !== 17 || VIN_PATTERN.test(v), VIN_LETTERS_MESSAGE),
});

export const vinDecodeSchema = z.object({
  vin: z.string(),
  /** World manufacturer identifier: the first three characters. */
  wmi: z.string(),
  checkDigit: z.object({
    valid: z.boolean(),
    /** Position 9 as written, and what the weighted sum gives. */
    actual: z.string(),
    expected: z.string(),
  }),
  /** From position 10 (and position 7 for the 30-year cycle); null for a code no year uses. */
  modelYear: z.number().int().nullable(),
  /** The make, from the bundled WMI table; null for a WMI it does not hold. */
  manufacturer: z.string().nullable(),
  /** From the first two characters' ranges; null for an unassigned range. */
  country: z.string().nullable(),
  region: z.string().nullable(),
  serialNumber: z.string(),
});
export type VinDecode = z.infer<typeof vinDecodeSchema>;

// ---- Maintenance --------------------------------------------------------------------------

export const MAINTENANCE_SERVICES = [
  'oil-change',
  'tire-rotation',
  'engine-air-filter',
  'cabin-air-filter',
  'brake-fluid',
  'coolant',
  'transmission-fluid',
  'spark-plugs',
  'timing-belt',
  'serpentine-belt',
  'fuel-filter',
  'differential-fluid',
] as const;
export type MaintenanceService = (typeof MAINTENANCE_SERVICES)[number];

export const MAINTENANCE_MILEAGE_MESSAGE = `Mileage must be a whole number from 0 to ${MAX_MILEAGE_TEXT}`;
export const MAINTENANCE_SERVICE_MESSAGE = `Service must be one of: ${MAINTENANCE_SERVICES.join(', ')}`;

export const maintenanceQuerySchema = z.object({
  mileage: safeText({ error: MAINTENANCE_MILEAGE_MESSAGE })
    .trim()
    .transform((v) => v.replace(/,/g, ''))
    .refine((v) => /^\d{1,7}$/.test(v) && Number(v) <= MAX_MILEAGE, MAINTENANCE_MILEAGE_MESSAGE)
    .transform(Number),
  service: z.enum(MAINTENANCE_SERVICES, { error: MAINTENANCE_SERVICE_MESSAGE }).optional(),
});

export const maintenanceItemSchema = z.object({
  service: z.enum(MAINTENANCE_SERVICES),
  name: z.string(),
  intervalMiles: z.number().int(),
  intervalMonths: z.number().int(),
  /** Due at this mileage: within the due window of a multiple of the interval. */
  due: z.boolean(),
  /** The next multiple of the interval above the mileage (or the mileage itself when due). */
  nextDueMiles: z.number().int(),
  notes: z.string(),
});
export const maintenanceScheduleSchema = z.object({
  mileage: z.number().int(),
  /** Miles either side of an interval's multiple that count as due. */
  dueWindowMiles: z.number().int(),
  source: z.string(),
  due: z.array(maintenanceItemSchema),
  items: z.array(maintenanceItemSchema),
});
export type MaintenanceSchedule = z.infer<typeof maintenanceScheduleSchema>;
