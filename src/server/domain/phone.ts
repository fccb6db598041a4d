import { PHONE_MESSAGE } from '@shared/phone';
import { toE164 } from '@shared/phone-parse';
import { AppError } from '../infra/app-error';

/**
 * A number from elsewhere than a phone field's schema (a stored one, a line of a request's
 * text) in E.164 by the phone rule (src/shared/phone.ts): a 400 naming `field` when it is no
 * US number.
 */
export function normalizePhone(input: string, field: string): string {
  const e164 = toE164(input);
  if (!e164) throw new AppError(400, PHONE_MESSAGE, [{ path: field, message: PHONE_MESSAGE }]);
  return e164;
}
