import { z } from 'zod';
import { JURISDICTIONS } from '../constants/service-area';
import { safeText } from './common';

/** GET /api/tax-rates?location=<ZIP, place or address> */
export const taxRatesQuerySchema = z.object({
  location: safeText()
    .trim()
    .min(1, 'Please enter a ZIP code, town or address')
    .max(200, 'The location must be at most 200 characters'),
});

/**
 * The sales tax of a place of work: its jurisdiction, the rates (percent) on parts and on
 * labour (0 where repair labour is not taxed), since when, and the official source.
 */
export const taxRatesSchema = z.object({
  jurisdiction: z.enum(JURISDICTIONS),
  name: z.string(),
  partsRate: z.number(),
  laborRate: z.number(),
  effectiveFrom: z.string(),
  source: z.string(),
});
export type TaxRatesAnswer = z.infer<typeof taxRatesSchema>;
