import { describe, expect, it } from 'vitest';
import { composeServiceDescription, descriptionWithoutContact } from './service-requests';

describe('descriptionWithoutContact', () => {
  it('drops the customer, e-mail and phone lines and keeps the problem, vehicle and mileage', () => {
    const d = composeServiceDescription({
      problem: 'Grinding noise when braking',
      customerName: 'Dana Driver',
      email: 'dana@example.com',
      phone: '(301) 555-0142',
      vehicle: '2018 Honda Civic',
      mileage: '84000',
    });
    expect(descriptionWithoutContact(d)).toBe(
      'Grinding noise when braking\n\nVehicle: 2018 Honda Civic\nMileage: 84000',
    );
  });

  it('keeps a description without contact lines as it is', () => {
    expect(descriptionWithoutContact('Battery dead.\nCustomer says: it clicks')).toBe(
      'Battery dead.\nCustomer says: it clicks',
    );
  });
});
