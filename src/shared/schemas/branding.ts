import { z } from 'zod';
import {
  BRANDING_MESSAGES,
  BUSINESS_NAME_MAX,
  FOOTER_TEXT_MAX,
  HEX_COLOR,
  normalizeHex,
} from '../branding';
import { dbIdNumber, safeText } from './common';

/**
 * A technician's branding as their customers see it on quotes, invoices, receipts and e-mails;
 * null wherever the technician has none or their plan does not include custom branding.
 */
export const brandingSchema = z.object({
  businessName: z.string().nullable(),
  /** The public address of the logo (same origin), or null. */
  logoUrl: z.string().nullable(),
  accentColor: z.string(),
  /** Black or white, whichever reads best on the accent (WCAG AA). */
  accentTextColor: z.string(),
  footerText: z.string().nullable(),
});
export type Branding = z.infer<typeof brandingSchema>;

/** GET/PUT /api/technicians/me/branding: what is saved, and whether it is shown. */
export const ownBrandingSchema = z.object({
  /** The plan includes custom branding (Professional). */
  entitled: z.boolean(),
  businessName: z.string().nullable(),
  logoUrl: z.string().nullable(),
  accentColor: z.string().nullable(),
  footerText: z.string().nullable(),
  /** What customers see now (null: nothing, e.g. the plan lapsed; the settings are kept). */
  shown: brandingSchema.nullable(),
});
export type OwnBranding = z.infer<typeof ownBrandingSchema>;

/** An optional text field: '' or null clears it. */
const clearable = (max: number, label: string) =>
  safeText()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

/** PUT /api/technicians/me/branding: every field optional; what is absent stays. */
export const updateBrandingSchema = z.object({
  businessName: clearable(BUSINESS_NAME_MAX, 'Business name'),
  footerText: clearable(FOOTER_TEXT_MAX, 'Footer text'),
  accentColor: safeText()
    .trim()
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null))
    .refine((v) => v == null || HEX_COLOR.test(v), BRANDING_MESSAGES.color)
    .transform((v) => (v ? normalizeHex(v) : v)),
  /** An uploaded image's document id (POST /api/documents/upload, kind brandingLogo); null removes the logo. */
  logoDocumentId: dbIdNumber().nullish(),
});
export type UpdateBrandingInput = z.input<typeof updateBrandingSchema>;
