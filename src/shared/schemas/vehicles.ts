import { z } from 'zod';
import { groupThousands } from '../money';
import { POS_PAYMENT_METHODS } from '../constants/domain';
import { safeText } from './common';
import { vehicleYearSchema } from './request-fields';

/** A customer keeps at most this many vehicles. */
export const MAX_VEHICLES = 20;
export const MAX_MILEAGE = 2_000_000;
export const VEHICLE_TEXT_MAX = 60;

/** The letters' values in a VIN (ISO 3779; I, O and Q are never used). */
const VIN_VALUES: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
}; // prettier-ignore
const VIN_WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** 17 letters and digits without I, O or Q (any case). */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/i;

/**
 * Whether a VIN is well formed and its 9th character is the check digit: each character's
 * value (digits as themselves, letters per the ISO 3779 table) times its position's weight,
 * summed, modulo 11 ('X' for 10). North American VINs always carry it.
 */
export function isValidVin(vin: string): boolean {
  const v = vin.toUpperCase();
  if (!VIN_PATTERN.test(v)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = v[i]!;
    const value = c >= '0' && c <= '9' ? Number(c) : VIN_VALUES[c]!;
    sum += value * VIN_WEIGHTS[i]!;
  }
  const check = sum % 11;
  return v[8] === (check === 10 ? 'X' : String(check));
}

export const VIN_LENGTH_MESSAGE = 'VIN must be 17 characters';
export const VIN_LETTERS_MESSAGE = 'VIN must use letters and digits only, without I, O or Q';
export const VIN_CHECK_MESSAGE = 'VIN check digit does not match: please check the VIN';
/**
 * The largest mileage with thousands separators ('2,000,000'), written without a number
 * formatter: this module loads with every public page, and building one there costs a phone
 * tens of milliseconds.
 */
export const MAX_MILEAGE_TEXT = groupThousands(MAX_MILEAGE);
export const MILEAGE_MESSAGE = `Mileage must be a whole number from 0 to ${MAX_MILEAGE_TEXT}`;

/** Why a VIN is refused, or null when it is valid (the form's inline error and the server's). */
export function vinProblem(vin: string): string | null {
  const v = vin.trim();
  if (v.length !== 17) return VIN_LENGTH_MESSAGE;
  if (!VIN_PATTERN.test(v)) return VIN_LETTERS_MESSAGE;
  if (!isValidVin(v)) return VIN_CHECK_MESSAGE;
  return null;
}

/** An optional VIN: blank or null clears it; otherwise trimmed, upper-cased and checked. */
const vinSchema = z
  .union([safeText(), z.null()], { error: 'VIN must be text' })
  .transform((v) => (v === null ? null : v.trim().toUpperCase()))
  .superRefine((v, ctx) => {
    const problem = v ? vinProblem(v) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((v) => v || null);

/** Optional mileage: a whole number (or its digits, commas allowed); blank or null clears it. */
const mileageSchema = z
  .union([z.number(), safeText(), z.null()], { error: MILEAGE_MESSAGE })
  .transform((v, ctx) => {
    if (v === null) return null;
    if (typeof v === 'number') return v;
    const s = v.trim().replace(/,/g, '');
    if (s === '') return null;
    if (!/^\d+$/.test(s)) {
      ctx.addIssue({ code: 'custom', message: MILEAGE_MESSAGE });
      return z.NEVER;
    }
    return Number(s);
  })
  .refine((v) => v === null || (Number.isInteger(v) && v >= 0 && v <= MAX_MILEAGE), {
    message: MILEAGE_MESSAGE,
  });

const vehicleText = (label: string) =>
  safeText({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(VEHICLE_TEXT_MAX, `${label} must be at most ${VEHICLE_TEXT_MAX} characters`);

/** POST /api/vehicles. */
export const vehicleInputSchema = z.object({
  year: vehicleYearSchema,
  make: vehicleText('Make'),
  model: vehicleText('Model'),
  vin: vinSchema.optional(),
  mileage: mileageSchema.optional(),
});
export type VehicleInput = z.input<typeof vehicleInputSchema>;

/** PATCH /api/vehicles/:id: the fields to change (null clears VIN or mileage). */
export const vehicleUpdateSchema = vehicleInputSchema
  .partial()
  .refine((v) => Object.values(v).some((x) => x !== undefined), {
    message: 'Nothing to update',
  });
export type VehicleUpdate = z.input<typeof vehicleUpdateSchema>;

export const vehicleSchema = z.object({
  id: z.number().int(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  vin: z.string().nullable(),
  mileage: z.number().int().nullable(),
  /** '2018 Honda Civic': how requests, quotes and invoices name it. */
  label: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Vehicle = z.output<typeof vehicleSchema>;

export const vehicleLabel = (v: { year: number; make: string; model: string }) =>
  `${v.year} ${v.make} ${v.model}`;

/** A payment of one of the job's invoices (its receipt). */
export const vehicleReceiptSchema = z.object({
  receiptNumber: z.string(),
  /** Decimal dollars, e.g. '125.50'. */
  amount: z.string(),
  method: z.enum(POS_PAYMENT_METHODS),
  date: z.string(),
});

export const vehicleInvoiceSchema = z.object({
  id: z.number().int(),
  invoiceNumber: z.string(),
  totalAmount: z.string(),
  paidAmount: z.string(),
  status: z.string(),
  createdAt: z.string(),
  receipts: z.array(vehicleReceiptSchema),
});

export const vehicleJobSchema = z.object({
  reference: z.string(),
  /** The request's page (the owner needs no token). */
  requestPath: z.string(),
  serviceType: z.string(),
  completedAt: z.string().nullable(),
  technicianName: z.string().nullable(),
  invoices: z.array(vehicleInvoiceSchema),
});

/** GET /api/vehicles/:id/history: the vehicle's completed jobs, newest first. */
export const vehicleHistorySchema = z.object({
  vehicle: vehicleSchema,
  jobs: z.array(vehicleJobSchema),
});
export type VehicleHistory = z.output<typeof vehicleHistorySchema>;
export type VehicleJob = z.output<typeof vehicleJobSchema>;
