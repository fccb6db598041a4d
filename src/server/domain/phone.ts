import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { INVALID_PHONE } from '@shared/schemas/notifications';
import { AppError } from '../infra/app-error';

/**
 * A phone number as typed, in E.164 (+12025550142); US numbers need no country code. A 400
 * naming `field` when it is not a number a text can reach.
 */
export function normalizePhone(input: string, field = 'smsPhone'): string {
  const parsed = parsePhoneNumberFromString(input, 'US');
  if (!parsed || !parsed.isValid())
    throw new AppError(400, INVALID_PHONE, [{ path: field, message: INVALID_PHONE }]);
  return parsed.number;
}
