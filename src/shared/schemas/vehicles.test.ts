import { describe, expect, it } from 'vitest';
import { MAINTENANCE_MILEAGE_MESSAGE } from './tools';
import {
  isValidVin,
  MILEAGE_MESSAGE,
  vehicleInputSchema,
  VIN_CHECK_MESSAGE,
  VIN_LENGTH_MESSAGE,
  VIN_LETTERS_MESSAGE,
  vinProblem,
} from './vehicles';

describe('isValidVin (ISO 3779 / North American check digit, position 9)', () => {
  it('accepts real VINs whose check digit matches', () => {
    for (const vin of [
      '1HGCM82633A004352', // Honda Accord
      '1M8GDM9AXKP042788', // check digit X (10)
      'JH4KA7561PC008269', // Acura Legend
      '11111111111111111', // sum 89, 89 mod 11 = 1
      '1hgcm82633a004352', // any case
    ]) {
      expect(isValidVin(vin), vin).toBe(true);
    }
  });

  it('refuses a wrong check digit, a wrong length, and I, O or Q', () => {
    for (const vin of [
      '1HGCM82633A004353', // one digit changed: the check digit no longer matches
      '1HGCM82643A004352', // the check digit itself changed
      '1HGCM82633A00435', // 16
      '1HGCM82633A0043521', // 18
      '1HGCM82633I004352',
      '1HGCM82633O004352',
      '1HGCM82633Q004352',
      '1HGCM-2633A004352',
      '',
    ]) {
      expect(isValidVin(vin), vin).toBe(false);
    }
  });

  it('says why a VIN is refused', () => {
    expect(vinProblem('1HGCM82633A00435')).toBe(VIN_LENGTH_MESSAGE);
    expect(vinProblem('1HGCM82633O004352')).toBe(VIN_LETTERS_MESSAGE);
    expect(vinProblem('1HGCM82633A004353')).toBe(VIN_CHECK_MESSAGE);
    expect(vinProblem(' 1HGCM82633A004352 ')).toBeNull();
  });
});

describe('vehicleInputSchema', () => {
  it('trims, upper-cases the VIN and reads the mileage', () => {
    expect(
      vehicleInputSchema.parse({
        year: '2003',
        make: ' Honda ',
        model: 'Accord ',
        vin: ' 1hgcm82633a004352',
        mileage: '123,456',
      }),
    ).toEqual({
      year: 2003,
      make: 'Honda',
      model: 'Accord',
      vin: '1HGCM82633A004352',
      mileage: 123456,
    });
  });

  it('treats a blank VIN or mileage as none', () => {
    const v = vehicleInputSchema.parse({
      year: 2018,
      make: 'Honda',
      model: 'Civic',
      vin: '',
      mileage: '',
    });
    expect(v.vin).toBeNull();
    expect(v.mileage).toBeNull();
  });
});

describe('the mileage limit in messages', () => {
  it('is written with thousands separators, as a number formatter would', () => {
    expect(MILEAGE_MESSAGE).toBe('Mileage must be a whole number from 0 to 2,000,000');
    expect(MAINTENANCE_MILEAGE_MESSAGE).toBe(MILEAGE_MESSAGE);
  });
});
