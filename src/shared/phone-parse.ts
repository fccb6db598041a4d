import { parsePhoneNumberFromString } from 'libphonenumber-js/core';
import { PHONE_MAX_LENGTH } from './phone';
import { US_PHONE_METADATA } from './phone-metadata';

/**
 * A number as typed, in E.164, when it is a valid US number: '301-555-0199', '(301) 555 0199',
 * '+1 301.555.0199' and '13015550199' are all '+13015550199'. Null for anything else: too short
 * ('12345'), an area code that does not exist, another country's number, an extension (E.164
 * has no room for one), words around the number.
 */
export function toE164(typed: string): string | null {
  const text = typed.trim();
  if (!text || text.length > PHONE_MAX_LENGTH) return null;
  const parsed = parsePhoneNumberFromString(
    text,
    { defaultCountry: 'US', extract: false },
    US_PHONE_METADATA,
  );
  if (!parsed || parsed.ext || parsed.country !== 'US' || !parsed.isValid()) return null;
  return parsed.number;
}
