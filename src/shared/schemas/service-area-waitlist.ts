import { z } from 'zod';
import { WAITLIST_MESSAGES } from '../constants/service-area';
import { emailSchema, safeText } from './common';

export { WAITLIST_CONSENT_TEXT, WAITLIST_MESSAGES } from '../constants/service-area';

/** POST /api/service-area/waitlist: 'tell me when you do', from outside the service area. */
export const waitlistRequestSchema = z.object({
  email: emailSchema,
  location: safeText()
    .trim()
    .min(1, 'Please enter a ZIP code, town or address')
    .max(200, 'The location must be at most 200 characters'),
  consent: z.literal(true, { error: WAITLIST_MESSAGES.consent }),
});
export type WaitlistRequest = z.infer<typeof waitlistRequestSchema>;

export const waitlistAnswerSchema = z.object({ message: z.string() });

/** One person on the list, as admins see and export it. */
export const waitlistEntrySchema = z.object({
  id: z.number(),
  email: z.string(),
  place: z.string(),
  zip: z.string(),
  state: z.string(),
  consentText: z.string(),
  consentedAt: z.string(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;
