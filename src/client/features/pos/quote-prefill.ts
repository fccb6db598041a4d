import { phoneForInput } from '@shared/phone';
import type { ServiceRequestDetail } from '@shared/schemas/service-request-views';
import type { QuoteFields } from './quote-fields';

/** What a quote made from a job starts with: the job's customer, vehicle and problem. */
export type QuotePrefill = {
  serviceRequestId: number;
  reference: string;
  /** The job's service: a labor line of the quote is named after it. */
  serviceType: string;
  /** Where the job is: its sales tax applies (ADR 031). */
  location: string;
  fields: QuoteFields;
  /** What the job's service costs in its area, to write the quote against (ADR 015). */
  fairPrice: ServiceRequestDetail['fairPrice'];
};

const NOTES_MAX = 2000;
const YEAR = /\b(19\d{2}|20\d{2})\b/;

/**
 * A vehicle typed as free text ('2016 Toyota Corolla', 'Honda Civic 2012', 'Ford F-150'),
 * read as year, make and model as well as it goes: the year is any 4-digit year in it, the
 * make the first word of the rest, the model what follows.
 */
export function parseVehicleInfo(text: string | null | undefined) {
  const out = { vehicleYear: '', vehicleMake: '', vehicleModel: '' };
  if (!text) return out;
  let rest = text.replace(/\s+/g, ' ').trim();
  const year = YEAR.exec(rest);
  if (year) {
    out.vehicleYear = year[1]!;
    rest = rest.replace(year[0], ' ').replace(/\s+/g, ' ').trim();
  }
  const [make = '', ...model] = rest.replace(/^[,\s-]+|[,\s-]+$/g, '').split(' ');
  out.vehicleMake = make.slice(0, 50);
  out.vehicleModel = model
    .join(' ')
    .replace(/^[,\s-]+/, '')
    .slice(0, 50);
  return out;
}

export function prefillFromJob(job: ServiceRequestDetail): QuotePrefill {
  const v = job.vehicle;
  const vehicle = v
    ? {
        vehicleYear: String(v.year),
        vehicleMake: v.make,
        vehicleModel: v.model,
        vehicleVin: v.vin ?? '',
        vehicleMileage: job.mileage == null ? '' : String(job.mileage),
      }
    : {
        ...parseVehicleInfo(job.vehicleInfo),
        vehicleVin: '',
        // What the customer typed in the request form.
        vehicleMileage: job.mileage == null ? '' : String(job.mileage),
      };
  return {
    serviceRequestId: job.id,
    reference: job.reference,
    serviceType: job.serviceType,
    location: job.location,
    fairPrice: job.fairPrice,
    fields: {
      customerName: job.customer.name,
      customerEmail: job.customer.email ?? '',
      customerPhone: phoneForInput(job.customer.phone),
      ...vehicle,
      notes: `${job.serviceType}: ${job.problem}`.slice(0, NOTES_MAX),
    },
  };
}

/**
 * What a new line of the quote starts with: labor at the technician's own hourly rate (their
 * profile's, one hour) and named after the job's service; a part at 0. Without a rate (the
 * profile not read yet, offline) labor starts at 0 as before.
 */
export function newLineStart(
  type: 'labor' | 'part',
  opts: { hourlyRate?: string | null; serviceType?: string | null } = {},
) {
  if (type === 'part') return { description: '', quantity: '1', unitPrice: '0' };
  const rate = Number(opts.hourlyRate);
  return {
    description: opts.serviceType ? `${opts.serviceType} labor`.slice(0, 200) : '',
    quantity: '1',
    unitPrice: Number.isFinite(rate) && rate > 0 ? rate.toFixed(2) : '0',
  };
}
