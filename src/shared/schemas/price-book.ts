import { z } from 'zod';
import { formatWholeDollars } from '../money';
import { safeText } from './common';

export const PRICE_BOOK_MAX_ITEMS = 500;
export const PRICE_BOOK_MAX_DOLLARS = 100_000;
export const PRICE_BOOK_KINDS = ['labor', 'part'] as const;
export const PRICE_BOOK_CSV_HEADER = [
  'Name',
  'Kind',
  'Unit price',
  'Cost',
  'Part number',
  'Description',
] as const;

/** Dollars as typed: digits, a point and cents, an optional '$' and thousands commas. */
const typedDollars = (v: string) => {
  const digits = v.trim().replace(/^\$/, '').replace(/,/g, '');
  // Not Number() alone: it reads '' and '  ' as 0, and '0x1f' or '1e3' as numbers.
  return /^(\d+\.?\d*|\.\d+)$/.test(digits) ? Number(digits) : NaN;
};

/** Dollars as typed ('180', '180.5', '$1,200.00'): a decimal string of whole cents. */
const dollars = (name: string) =>
  z
    .union([z.number(), z.string()], { error: `${name} must be an amount in dollars` })
    .transform((v) => (typeof v === 'number' ? v : typedDollars(v)))
    .refine((n) => Number.isFinite(n) && n >= 0, `${name} must be an amount in dollars`)
    .refine(
      (n) => n <= PRICE_BOOK_MAX_DOLLARS,
      `${name} must be at most ${formatWholeDollars(PRICE_BOOK_MAX_DOLLARS)}`,
    )
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, `${name} must be in whole cents`)
    .transform((n) => n.toFixed(2));

const optionalText = (max: number, name: string) =>
  safeText()
    .trim()
    .max(max, `${name} must be at most ${max} characters`)
    .optional()
    .nullable()
    .transform((v) => (v ? v : null));

/** A line of the price book, as written (POST, and PATCH with every field optional). */
export const priceBookItemInputSchema = z.object({
  kind: z.enum(PRICE_BOOK_KINDS, { error: 'Kind must be labor or part' }),
  name: safeText({ error: 'Please give the item a name' })
    .trim()
    .min(1, 'Please give the item a name')
    .max(120, 'The name must be at most 120 characters'),
  unitPrice: dollars('Unit price'),
  cost: dollars('Cost').optional().nullable(),
  partNumber: optionalText(60, 'The part number'),
  description: optionalText(500, 'The description'),
});
export type PriceBookItemInput = z.input<typeof priceBookItemInputSchema>;
export const priceBookItemPatchSchema = priceBookItemInputSchema.partial();

/** A line of the price book, as the API answers it. */
export const priceBookItemSchema = z.object({
  id: z.number().int(),
  kind: z.enum(PRICE_BOOK_KINDS),
  name: z.string(),
  description: z.string().nullable(),
  partNumber: z.string().nullable(),
  unitPrice: z.string(),
  cost: z.string().nullable(),
  /** (price - cost) / price, in percent, one decimal; null without a cost or a price. */
  marginPercent: z.number().nullable(),
  updatedAt: z.string(),
});
export type PriceBookItem = z.infer<typeof priceBookItemSchema>;

export const priceBookQuerySchema = z.object({
  q: safeText().trim().max(100, 'Search must be at most 100 characters').optional(),
});

/** POST /api/price-book/import: a CSV with PRICE_BOOK_CSV_HEADER's columns. */
export const priceBookImportSchema = z.object({
  csv: z
    .string({ error: 'Please attach a CSV file' })
    .min(1, 'Please attach a CSV file')
    .max(500_000, 'The CSV file must be at most 500 kB'),
});
export const priceBookImportResultSchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
});
