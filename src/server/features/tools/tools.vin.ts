import { isValidVin } from '@shared/schemas/vehicles';
import type { VinDecode } from '@shared/schemas/tools';
import { countryOf, manufacturerOf, REGIONS } from './tools.vin-tables';

/** The letters' values (ISO 3779 / 49 CFR 565.15 transliteration). */
const VALUES: Record<string, number> = {
  A: 1, B: 2, C: 3, D: 4, E: 5, F: 6, G: 7, H: 8,
  J: 1, K: 2, L: 3, M: 4, N: 5, P: 7, R: 9,
  S: 2, T: 3, U: 4, V: 5, W: 6, X: 7, Y: 8, Z: 9,
}; // prettier-ignore
const WEIGHTS = [8, 7, 6, 5, 4, 3, 2, 10, 0, 9, 8, 7, 6, 5, 4, 3, 2];

/** The check digit position 9 should hold: the weighted sum modulo 11, 'X' for 10. */
export function expectedCheckDigit(vin: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const c = vin[i]!;
    sum += (c >= '0' && c <= '9' ? Number(c) : VALUES[c]!) * WEIGHTS[i]!;
  }
  const r = sum % 11;
  return r === 10 ? 'X' : String(r);
}

/** Position 10's codes in order from 1980 (and again from 2010): no I, O, Q, U, Z or 0. */
const YEAR_CODES = 'ABCDEFGHJKLMNPRSTVWXY123456789';

/**
 * The model year: position 10 names a year in a 30-year cycle (A = 1980 or 2010 ... 9 = 2009
 * or 2039); position 7 picks the cycle (49 CFR 565.15: a digit there means 1980-2009, a letter
 * 2010-2039, for cars, MPVs and light trucks). Makers outside that rule may put a letter at
 * position 7 on older vehicles, so a year more than one year ahead of `now` falls back a cycle.
 */
export function modelYearOf(vin: string, now: Date): number | null {
  const i = YEAR_CODES.indexOf(vin[9]!);
  if (i < 0) return null;
  const letterAt7 = /[A-Z]/.test(vin[6]!);
  const year = 1980 + i + (letterAt7 ? 30 : 0);
  return year > now.getUTCFullYear() + 1 ? year - 30 : year;
}

/** Decodes a well-formed VIN (17 characters without I, O or Q, upper case). */
export function decodeVin(vin: string, now: Date): VinDecode {
  const expected = expectedCheckDigit(vin);
  const wmi = vin.slice(0, 3);
  return {
    vin,
    wmi,
    checkDigit: { valid: isValidVin(vin), actual: vin[8]!, expected },
    modelYear: modelYearOf(vin, now),
    manufacturer: manufacturerOf(wmi),
    country: countryOf(vin),
    region: REGIONS[vin[0]!] ?? null,
    serialNumber: vin.slice(11),
  };
}
