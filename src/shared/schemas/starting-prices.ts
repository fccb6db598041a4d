import { z } from 'zod';
import { formatWholeDollars } from '../money';
import { serviceTypeSchema } from './request-fields';
import { safeText } from './common';

/** How many starting prices a profile may publish. */
export const MAX_STARTING_PRICES = 12;
export const STARTING_PRICE_MAX_DOLLARS = 10_000;

/**
 * A price a technician publishes before anyone books: 'Brake pads, front: from $180, parts
 * extra'. `from` is dollars as a decimal string ('180.00'), what the work starts at.
 */
export const startingPriceSchema = z.object({
  serviceType: serviceTypeSchema,
  description: safeText({ error: 'Say what the price is for' })
    .trim()
    .min(1, 'Say what the price is for')
    .max(80, 'The description must be at most 80 characters'),
  from: z.coerce
    .number({ error: 'The price must be an amount in dollars' })
    .min(1, 'The price must be at least $1')
    .max(
      STARTING_PRICE_MAX_DOLLARS,
      `The price must be at most ${formatWholeDollars(STARTING_PRICE_MAX_DOLLARS)}`,
    )
    .refine((n) => Math.round(n * 100) === n * 100, 'The price must be in whole cents')
    .transform((n) => n.toFixed(2)),
  partsExtra: z.boolean().default(false),
});
export type StartingPrice = z.output<typeof startingPriceSchema>;

export const startingPricesSchema = z
  .array(startingPriceSchema)
  .max(MAX_STARTING_PRICES, `At most ${MAX_STARTING_PRICES} starting prices`)
  .refine(
    (list) =>
      new Set(list.map((p) => `${p.serviceType}\n${p.description.toLowerCase()}`)).size ===
      list.length,
    'Each starting price must be for something different',
  );

/** A starting price as the API answers it. */
export const startingPriceOutSchema = z.object({
  serviceType: z.string(),
  description: z.string(),
  from: z.string(),
  partsExtra: z.boolean(),
});

type Shown = Pick<StartingPrice, 'description' | 'from' | 'partsExtra'>;

/** 'from $180, parts extra'. */
export const startingPriceAmount = (p: Omit<Shown, 'description'>) =>
  `from ${formatWholeDollars(p.from)}${p.partsExtra ? ', parts extra' : ''}`;

/** 'Brake pads, front: from $180, parts extra'. */
export const startingPriceText = (p: Shown) => `${p.description}: ${startingPriceAmount(p)}`;
