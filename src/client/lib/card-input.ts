/**
 * Card fields formatted as they are typed: the expiry as MM/YY (`1228` reads `12/28`), the number
 * in groups of four.
 */

/** MM/YY from whatever was typed: digits only, the slash put in once the year starts. */
export function formatExpiry(typed: string): string {
  let digits = typed.replace(/\D/g, '');
  // A four-digit year pasted as 12/2028: keep its last two digits.
  if (digits.length === 6 && /^\d\d\s*\/\s*\d{4}$/.test(typed.trim()))
    digits = digits.slice(0, 2) + digits.slice(4);
  // A first digit 2-9 can only be a month 02-09.
  if (/^[2-9]$/.test(digits)) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** The card number in groups of four (up to 19 digits). */
export function formatCardNumber(typed: string): string {
  return typed
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}
