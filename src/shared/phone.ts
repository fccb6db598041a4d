/**
 * Phone numbers, one rule on every field, server and client: a US number (libphonenumber-js's
 * rule), typed any way, stored in E.164 ('+13015550199'), shown as '(301) 555-0199' and called
 * through 'tel:+13015550199'. A number stored before the rule that it could not read is kept as
 * it was typed, shown as it is and never as a link. Reading a typed number is `toE164`
 * (phone-parse.ts, apart: what only shows numbers does not carry the parser); the fields' zod
 * schema is `phoneSchema` (schemas/phone.ts).
 */

export const PHONE_EXAMPLE = '(301) 555-0199';
export const PHONE_MESSAGE = `Enter a US phone number, like ${PHONE_EXAMPLE}`;
/** More than anyone types for a number with its spaces and brackets: refused unread. */
export const PHONE_MAX_LENGTH = 30;

const US_E164 = /^\+1(\d{3})(\d{3})(\d{4})$/;

/** Whether a stored number is a US number in E.164, the only kind shown as a link. */
export const isUsE164 = (stored: string) => US_E164.test(stored);

/**
 * A stored number as people write it: '+13015550199' -> '(301) 555-0199'. A number the rule
 * could not read (stored before it) is shown as it was typed.
 */
export function formatPhone(stored: string): string {
  const m = US_E164.exec(stored);
  return m ? `(${m[1]}) ${m[2]}-${m[3]}` : stored;
}

/** A stored number for a form's input: formatted, '' when there is none. */
export const phoneForInput = (stored: string | null | undefined) =>
  stored ? formatPhone(stored) : '';

/** The tap-to-call link of a stored number ('tel:+13015550199'); null when it is no US number. */
export const phoneHref = (stored: string) => (isUsE164(stored) ? `tel:${stored}` : null);
