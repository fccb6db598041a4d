import { describe, expect, it } from 'vitest';
import {
  composeServiceDescription,
  descriptionWithoutContact,
  mileageOf,
} from './service-requests';

describe('descriptionWithoutContact', () => {
  it('drops the customer, e-mail and phone lines and keeps the problem, vehicle and mileage', () => {
    const d = [
      'Grinding noise when braking',
      '',
      'Customer: Dana Driver',
      'Email: dana@example.com',
      'Phone: (301) 555-0142',
      'Vehicle: 2018 Honda Civic',
      'Mileage: 84000',
    ].join('\n');
    const composed = composeServiceDescription({
      problem: 'Grinding noise when braking',
      vehicle: '2018 Honda Civic',
      mileage: '84000',
    });
    expect(composed).toBe(
      'Grinding noise when braking\n\nVehicle: 2018 Honda Civic\nMileage: 84000',
    );
    expect(descriptionWithoutContact(d)).toBe(composed);
    expect(descriptionWithoutContact(composed)).toBe(composed);
  });

  it('keeps a description without contact lines as it is', () => {
    expect(descriptionWithoutContact('Battery dead.\nCustomer says: it clicks')).toBe(
      'Battery dead.\nCustomer says: it clicks',
    );
  });
});

describe('mileageOf', () => {
  it("reads the request form's Mileage line, with or without commas; none when not specified", () => {
    const d = (m: string) =>
      composeServiceDescription({
        problem: 'Grinds when braking',
        vehicle: '2015 Honda Accord',
        mileage: m,
      });
    expect(mileageOf(d('61,000'))).toBe(61000);
    expect(mileageOf(d('48250'))).toBe(48250);
    expect(mileageOf(d(''))).toBeNull();
    expect(mileageOf(d('about a lot'))).toBeNull();
    expect(mileageOf('No mileage line at all')).toBeNull();
  });
});
