import { z } from 'zod';
import { groupThousands } from '../money';
import { safeText } from './common';

/**
 * The workmanship warranty on a completed job (ADR 044): the platform's terms are 12 months from
 * completion and 12,000 miles from the job's mileage, on parts and labour, whichever ends first;
 * a technician may offer more, up to 60 months and 100,000 miles. A quote states the terms of
 * its day, and its invoice and receipt follow it.
 */
export const WARRANTY_MONTHS = 12;
export const WARRANTY_MILES = 12_000;
export const MAX_WARRANTY_MONTHS = 60;
export const MAX_WARRANTY_MILES = 100_000;

export const warrantyTermsSchema = z.object({
  months: z.number().int(),
  miles: z.number().int(),
});
export type WarrantyTerms = z.output<typeof warrantyTermsSchema>;
export const DEFAULT_WARRANTY: WarrantyTerms = { months: WARRANTY_MONTHS, miles: WARRANTY_MILES };

/** Stored terms (null on documents made before terms were kept): the platform's. */
export const warrantyTermsOf = (months: number | null, miles: number | null): WarrantyTerms =>
  months === null || miles === null ? DEFAULT_WARRANTY : { months, miles };

/** The sentence a quote, invoice, receipt and job page state. */
export const warrantyText = (t: WarrantyTerms) =>
  `Workmanship warranty: ${t.months} months or ${groupThousands(t.miles)} miles, whichever comes first, on parts and labour.`;

/** The technician's offer, on PATCH /api/technicians/me. */
export const warrantyMonthsSchema = z.coerce
  .number({ error: 'Warranty months must be a number' })
  .int('Warranty months must be a whole number')
  .min(WARRANTY_MONTHS, `The warranty must be at least ${WARRANTY_MONTHS} months`)
  .max(MAX_WARRANTY_MONTHS, `The warranty can be at most ${MAX_WARRANTY_MONTHS} months`);
export const warrantyMilesSchema = z.coerce
  .number({ error: 'Warranty miles must be a number' })
  .int('Warranty miles must be a whole number')
  .min(WARRANTY_MILES, `The warranty must cover at least ${groupThousands(WARRANTY_MILES)} miles`)
  .max(
    MAX_WARRANTY_MILES,
    `The warranty can cover at most ${groupThousands(MAX_WARRANTY_MILES)} miles`,
  );

export const WARRANTY_CLAIM_STATUSES = ['open', 'accepted', 'declined'] as const;
export type WarrantyClaimStatus = (typeof WARRANTY_CLAIM_STATUSES)[number];

/** POST /api/service-requests/:reference/warranty-claims */
export const warrantyClaimInputSchema = z.object({
  problem: safeText({ error: 'Please describe what went wrong' })
    .trim()
    .min(10, 'Please describe what went wrong in at least 10 characters')
    .max(2000, 'The description must be at most 2,000 characters'),
  /** The vehicle's mileage now, when the customer knows it. */
  mileage: z
    .number({ error: 'Mileage must be a number of miles' })
    .int('Mileage must be a whole number of miles')
    .min(0, 'Mileage must be a whole number of miles')
    .max(2_000_000, 'Mileage must be at most 2,000,000 miles')
    .nullish(),
});
export type WarrantyClaimInput = z.input<typeof warrantyClaimInputSchema>;

/** POST /api/service-requests/:reference/warranty-claims/:id/answer */
export const warrantyAnswerSchema = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('accept') }),
    z.object({
      decision: z.literal('decline'),
      reason: safeText({ error: 'Please give a reason for declining' })
        .trim()
        .min(3, 'Please give a reason for declining')
        .max(1000, 'The reason must be at most 1,000 characters'),
    }),
  ],
  { error: "decision must be 'accept' or 'decline'" },
);
export type WarrantyAnswer = z.input<typeof warrantyAnswerSchema>;

export const warrantyClaimSchema = z.object({
  id: z.number().int(),
  status: z.enum(WARRANTY_CLAIM_STATUSES),
  problem: z.string(),
  mileage: z.number().int().nullable(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  /** Who answered: the technician, or an admin who stepped in. */
  answeredBy: z.enum(['technician', 'admin']).nullable(),
  declineReason: z.string().nullable(),
  /** The job at no charge an accepted claim opened. */
  followUpReference: z.string().nullable(),
});
export type WarrantyClaim = z.output<typeof warrantyClaimSchema>;

/** GET /api/service-requests/:reference/warranty-claims */
export const warrantyViewSchema = z.object({
  /** Until when the warranty runs (null before the job is completed). */
  coveredUntil: z.string().nullable(),
  /** The terms the job's quote stated (the platform's when it had none). */
  terms: warrantyTermsSchema,
  /** Up to which mileage (null when the job's mileage is not known). */
  coveredMiles: z.number().int().nullable(),
  /** Whether the viewer (the customer) may open a claim now, and if not, why. */
  canClaim: z.boolean(),
  claimClosedReason: z.string().nullable(),
  claims: z.array(warrantyClaimSchema),
});
export type WarrantyView = z.output<typeof warrantyViewSchema>;
