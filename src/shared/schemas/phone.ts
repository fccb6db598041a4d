import { z } from 'zod';
import { PHONE_MESSAGE } from '../phone';
import { toE164 } from '../phone-parse';
import { safeText } from './common';

/**
 * A phone field (src/shared/phone.ts): a US number typed any way becomes E.164
 * ('301-555-0199' -> '+13015550199'); '' stays '' (no number); anything else is refused with
 * `message` on the field. Chain .optional() or .nullish() as the field needs.
 */
export const phoneSchema = (message: string = PHONE_MESSAGE) =>
  safeText({ error: message })
    .trim()
    .transform((typed, ctx) => {
      if (typed === '') return '';
      const e164 = toE164(typed);
      if (e164 === null) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return e164;
    });

/** A phone field that may be left out, null or empty: no number is null. */
export const optionalPhoneSchema = (message?: string) =>
  phoneSchema(message)
    .nullish()
    .transform((v) => v || null);

/** A phone field that must hold a number. */
export const requiredPhoneSchema = (message: string = PHONE_MESSAGE) =>
  phoneSchema(message).refine((v) => v !== '', message);
