import { describe, expect, it } from 'vitest';
import type { ServiceRequestDetail } from '@shared/schemas/service-request-views';
import { newLineStart, parseVehicleInfo, prefillFromJob } from './quote-prefill';

describe('parseVehicleInfo', () => {
  it.each([
    ['2016 Toyota Corolla', '2016', 'Toyota', 'Corolla'],
    ['Honda Civic 2012', '2012', 'Honda', 'Civic'],
    ['  2019   Ford  F-150 XLT ', '2019', 'Ford', 'F-150 XLT'],
    ['Ford F-150', '', 'Ford', 'F-150'],
    ['Subaru', '', 'Subaru', ''],
    ['2008', '2008', '', ''],
    ['2021, Tesla Model 3', '2021', 'Tesla', 'Model 3'],
  ])('reads %j', (text, year, make, model) => {
    expect(parseVehicleInfo(text)).toEqual({
      vehicleYear: year,
      vehicleMake: make,
      vehicleModel: model,
    });
  });

  it('leaves nothing when there is no text', () => {
    expect(parseVehicleInfo(null)).toEqual({ vehicleYear: '', vehicleMake: '', vehicleModel: '' });
  });
});

const JOB = {
  id: 42,
  reference: 'WR-000042',
  serviceType: 'Diagnostics',
  problem: 'Check engine light is on',
  customer: { name: 'Casey Customer', email: 'casey@example.com', phone: '+13015550100' },
  vehicle: null,
  vehicleInfo: '2015 Honda Accord',
  fairPrice: {
    serviceType: 'Diagnostics',
    area: '207',
    jobs: 24,
    enoughData: true,
    total: { low: '120.00', median: '150.00', high: '180.00' },
    laborLine: null,
    refreshedAt: '2026-06-15T16:00:00.000Z',
  },
} as unknown as ServiceRequestDetail;

describe('prefillFromJob', () => {
  it("fills the customer (the phone as people write it), the typed vehicle and the problem, and names the job and its area's prices", () => {
    expect(prefillFromJob(JOB)).toEqual({
      serviceRequestId: 42,
      reference: 'WR-000042',
      serviceType: 'Diagnostics',
      fairPrice: JOB.fairPrice,
      fields: {
        customerName: 'Casey Customer',
        customerEmail: 'casey@example.com',
        customerPhone: '(301) 555-0100',
        vehicleYear: '2015',
        vehicleMake: 'Honda',
        vehicleModel: 'Accord',
        vehicleVin: '',
        vehicleMileage: '',
        notes: 'Diagnostics: Check engine light is on',
      },
    });
  });

  it("prefers the customer's saved vehicle, with VIN and mileage", () => {
    const p = prefillFromJob({
      ...JOB,
      customer: { name: 'Casey Customer', email: null, phone: null },
      vehicle: {
        id: 1,
        year: 2018,
        make: 'Mazda',
        model: 'CX-5',
        vin: '1HGCM82633A004352',
        mileage: 61000,
      },
      mileage: 61000,
    });
    expect(p.fields).toMatchObject({
      customerEmail: '',
      customerPhone: '',
      vehicleYear: '2018',
      vehicleMake: 'Mazda',
      vehicleModel: 'CX-5',
      vehicleVin: '1HGCM82633A004352',
      vehicleMileage: '61000',
    });
  });
});

describe('prefillFromJob with a typed vehicle', () => {
  it('fills the mileage the customer typed in the request form', () => {
    expect(prefillFromJob({ ...JOB, mileage: 48250 }).fields.vehicleMileage).toBe('48250');
  });
});

describe('newLineStart', () => {
  it("starts labor at the technician's hourly rate, named after the job's service", () => {
    expect(newLineStart('labor', { hourlyRate: '85.00', serviceType: 'Diagnostics' })).toEqual({
      description: 'Diagnostics labor',
      quantity: '1',
      unitPrice: '85.00',
    });
    expect(newLineStart('labor', { hourlyRate: '92.5' }).unitPrice).toBe('92.50');
  });

  it('starts labor at 0 without a rate, and parts at 0 always', () => {
    expect(newLineStart('labor', {})).toEqual({ description: '', quantity: '1', unitPrice: '0' });
    expect(newLineStart('labor', { hourlyRate: 'x' }).unitPrice).toBe('0');
    expect(newLineStart('part', { hourlyRate: '85.00', serviceType: 'Diagnostics' })).toEqual({
      description: '',
      quantity: '1',
      unitPrice: '0',
    });
  });
});
