import { z } from 'zod';
import { SERVICE_TYPES, URGENCIES } from '../constants/service-types';
import { dbIdNumber, emailSchema as email, isCalendarDate, safeText } from './common';
import { requestPhotoTokensSchema } from './request-photos';

const optionalText = (max: number) =>
  safeText()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => v || undefined);

export const serviceTypeSchema = z.enum(SERVICE_TYPES, {
  error: `Service type must be one of: ${SERVICE_TYPES.join(', ')}`,
});

/** 'YYYY-MM-DD' or an ISO timestamp; kept as the date part, which must be a real day. */
const preferredDate = z
  .string()
  .trim()
  .optional()
  .nullable()
  .transform((v) => (v ? v.slice(0, 10) : null))
  .refine((v) => v === null || isCalendarDate(v), {
    message: 'Preferred date must be a date (YYYY-MM-DD)',
  });

/** The oldest vehicle year we accept; the newest is next year (next year's models). */
export const MIN_VEHICLE_YEAR = 1900;
export const maxVehicleYear = (now: Date = new Date()) => now.getFullYear() + 1;
export const vehicleYearMessage = (now: Date = new Date()) =>
  `Vehicle year must be between ${MIN_VEHICLE_YEAR} and ${maxVehicleYear(now)}`;

/** A plausible model year: a whole number from 1900 to next year, checked when validated. */
export const vehicleYearSchema = z
  .union(
    [
      z.number(),
      safeText()
        .trim()
        .regex(/^\d{4}$/, 'Vehicle year must be a 4-digit year'),
    ],
    {
      error: 'Vehicle year must be a 4-digit year',
    },
  )
  .transform((v) => Number(v))
  .superRefine((year, ctx) => {
    if (!Number.isInteger(year) || year < MIN_VEHICLE_YEAR || year > maxVehicleYear()) {
      ctx.addIssue({ code: 'custom', message: vehicleYearMessage() });
    }
  });

export const MIN_PROBLEM_LENGTH = 10;
export const PROBLEM_TOO_SHORT = `Please describe the problem in at least ${MIN_PROBLEM_LENGTH} characters`;

/** The problem part of a description: the text before the labelled lines the form appends. */
export const problemOf = (description: string) =>
  description.split(/\n\s*\n(?:Customer|Email|Phone|Vehicle|Mileage): /)[0]!.trim();

/** A description whose problem part has at least 10 characters. */
const descriptionSchema = (max: number) =>
  safeText({ error: PROBLEM_TOO_SHORT })
    .trim()
    .max(max, `Description must be at most ${max} characters`)
    .refine((v) => problemOf(v).length >= MIN_PROBLEM_LENGTH, PROBLEM_TOO_SHORT);

/** The model year a vehicle text starts with ('2019 Honda Civic'), when it does. */
const leadingYear = (text: string | undefined) => {
  const m = text ? /^\s*(\d{4})\b/.exec(text) : null;
  return m ? Number(m[1]) : null;
};
const yearOutOfRange = (year: number | null) =>
  year !== null && (year < MIN_VEHICLE_YEAR || year > maxVehicleYear());

/** The technician a request was sent to first: the refusals of one that cannot take it. */
export const TECHNICIAN_NOT_FOUND = 'The technician you chose was not found';
export const TECHNICIAN_NOT_AVAILABLE =
  'The technician you chose is not taking requests right now. Send your request to all nearby technicians instead.';
export const technicianDoesNotOffer = (firstName: string, serviceType: string) =>
  `${firstName} doesn't offer ${serviceType}. Choose one of their services or send your request to all nearby technicians.`;

export const TEXT_UPDATES_NEED_PHONE = 'Enter your phone number to get text updates';

/** POST /api/service-requests from the Request Service form. */
export const serviceRequestSchema = z
  .object({
    customerId: z.unknown().optional(),
    serviceType: serviceTypeSchema,
    description: descriptionSchema(5000),
    urgency: z.enum(URGENCIES, { error: 'Urgency must be low, medium or high' }).default('medium'),
    location: safeText().trim().min(1, 'Location is required').max(200),
    preferredDate,
    // Contact details: fields of their own (lines of the description are moved into them).
    customerName: optionalText(100),
    customerEmail: email.optional(),
    customerPhone: optionalText(30),
    vehicleInfo: optionalText(200),
    /** The form's vehicle year (also part of vehicleInfo and the description's Vehicle line). */
    vehicleYear: vehicleYearSchema.optional(),
    /** One of the signed-in customer's vehicles (GET /api/vehicles); guests type theirs. */
    vehicleId: dbIdNumber('Please choose one of your vehicles').optional().nullable(),
    /** 'Text me updates about this request': texts to customerPhone, by this consent. */
    textUpdates: z.boolean({ error: 'textUpdates must be true or false' }).optional(),
    /**
     * The technician asked for from their profile (Request service): offered the request alone
     * first, for one notification's lifetime, before the nearest technicians are.
     */
    preferredTechnicianId: dbIdNumber(TECHNICIAN_NOT_FOUND).optional().nullable(),
    /** Photos of the problem uploaded first (POST /api/request-photos), by their tokens. */
    photos: requestPhotoTokensSchema.optional(),
  })
  .superRefine((r, ctx) => {
    if (r.textUpdates && !r.customerPhone)
      ctx.addIssue({ code: 'custom', path: ['customerPhone'], message: TEXT_UPDATES_NEED_PHONE });
    // A year given only inside the vehicle text or the description's Vehicle line counts too.
    const vehicleLine = /^Vehicle: (.*)$/m.exec(r.description)?.[1];
    if (
      r.vehicleYear === undefined &&
      (yearOutOfRange(leadingYear(r.vehicleInfo)) || yearOutOfRange(leadingYear(vehicleLine)))
    )
      ctx.addIssue({ code: 'custom', path: ['vehicleYear'], message: vehicleYearMessage() });
  });

/** POST /api/service-requests from the demo notifications page. */
export const demoServiceRequestSchema = z.object({
  customerName: safeText().trim().min(1, 'Customer name is required').max(100),
  phoneNumber: optionalText(30),
  email,
  vehicleInfo: optionalText(200),
  serviceType: serviceTypeSchema,
  location: safeText().trim().min(1, 'Location is required').max(200),
  issueDescription: descriptionSchema(5000),
  urgency: z.enum(URGENCIES, { error: 'Urgency must be low, medium or high' }).default('medium'),
  customerId: z.unknown().optional(),
});

export const createServiceRequestSchema = z.union(
  [serviceRequestSchema, demoServiceRequestSchema],
  {
    error: 'Invalid service request',
  },
);
export type CreateServiceRequestInput = z.input<typeof createServiceRequestSchema>;

export const serviceRequestResponseSchema = z.object({
  id: z.number().int(),
  customerId: z.number().int(),
  serviceType: z.string(),
  description: z.string(),
  urgency: z.enum(URGENCIES),
  location: z.string(),
  preferredDate: z.string().nullable(),
  status: z.string(),
  createdAt: z.string(),
  /** How many technicians were notified of the request. */
  notifiedTechnicians: z.number().int(),
  /** WR-000123: how the customer and the technician refer to the request. */
  reference: z.string(),
  /** The request's page; for a guest it carries the signed link's token. */
  requestPath: z.string(),
});
export type ServiceRequestResponse = z.infer<typeof serviceRequestResponseSchema>;

/**
 * The lines merged into a request's description (spec: 'Not specified' when empty): the
 * problem, the vehicle and its mileage. The customer's name, e-mail and phone are not part of
 * it: they travel in fields of their own, which only those who may contact the customer see
 * (ADR 027).
 */
export function composeServiceDescription(f: {
  problem: string;
  vehicle: string;
  mileage?: string;
}): string {
  const v = (s: string | undefined) => (s && s.trim() ? s.trim() : 'Not specified');
  return [f.problem.trim(), '', `Vehicle: ${v(f.vehicle)}`, `Mileage: ${v(f.mileage)}`].join('\n');
}

/** The 'Label: value' lines of `composeServiceDescription` that name the customer. */
const CONTACT_LINE = /^(Customer|Email|Phone):.*$/;

/**
 * A request's description without the customer's name, e-mail and phone lines (which earlier
 * versions of the form merged into it, and API clients may still send): what is stored, and
 * what a technician sees; the problem, vehicle and mileage stay. Blank lines left at the end go
 * too.
 */
export function descriptionWithoutContact(description: string): string {
  return description
    .split('\n')
    .filter((l) => !CONTACT_LINE.test(l.trim()))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** PUT /api/service-requests/:reference/text-updates: the customer starts or stops texts. */
export const textUpdatesBodySchema = z
  .object({
    enabled: z.boolean({ error: 'enabled must be true or false' }),
    /** The number to text; left out, the request's contact phone. */
    phone: optionalText(30),
  })
  .strict();
export type TextUpdatesBody = z.input<typeof textUpdatesBodySchema>;
