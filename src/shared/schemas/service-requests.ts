import { z } from 'zod';
import { requestedWindowsSchema } from './availability';
import { URGENCIES } from '../constants/service-types';
import { dbIdNumber, emailSchema as email, isCalendarDate, safeText } from './common';
import { optionalPhoneSchema } from './phone';
import {
  MIN_VEHICLE_YEAR,
  maxVehicleYear,
  serviceTypeSchema,
  vehicleYearMessage,
  vehicleYearSchema,
} from './request-fields';
import { requestPhotoTokensSchema } from './request-photos';

export {
  MIN_VEHICLE_YEAR,
  maxVehicleYear,
  serviceTypeSchema,
  vehicleYearMessage,
  vehicleYearSchema,
} from './request-fields';

const optionalText = (max: number) =>
  safeText()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => v || undefined);

/** A phone field of a request (E.164), undefined when none was given. */
const optionalPhone = optionalPhoneSchema().transform((v) => v ?? undefined);

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

export const MIN_PROBLEM_LENGTH = 10;
export const PROBLEM_TOO_SHORT = `Please describe the problem in at least ${MIN_PROBLEM_LENGTH} characters`;

/** The problem part of a description: the text before the labelled lines the form appends. */
export const problemOf = (description: string) =>
  description.split(/\n\s*\n(?:Customer|Email|Phone|Vehicle|Mileage): /)[0]!.trim();

/**
 * The mileage a request's description carries ('Mileage: 61,000' from the request form), as a
 * whole number of miles; null when it says none ('Not specified') or nothing readable.
 */
export function mileageOf(description: string): number | null {
  const m = /^Mileage:\s*([\d,]{1,9})\s*(?:mi(?:les)?\.?)?\s*$/im.exec(description);
  if (!m) return null;
  const miles = Number(m[1]!.replace(/,/g, ''));
  return Number.isSafeInteger(miles) ? miles : null;
}

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
    /** Which payload this is: the form's (left out, a body without issueDescription is). */
    kind: z.literal('form').default('form'),
    customerId: z.unknown().optional(),
    serviceType: serviceTypeSchema,
    description: descriptionSchema(5000),
    urgency: z.enum(URGENCIES, { error: 'Urgency must be low, medium or high' }).default('medium'),
    location: safeText().trim().min(1, 'Location is required').max(200),
    preferredDate,
    // Contact details: fields of their own (lines of the description are moved into them).
    customerName: optionalText(100),
    customerEmail: email.optional(),
    customerPhone: optionalPhone,
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
    /**
     * Up to three two-hour arrival windows the customer picked (GET /api/availability); left
     * out or empty: as soon as possible. Accepting books the first the technician is free in.
     */
    requestedWindows: requestedWindowsSchema,
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
  /** Which payload this is: the demo page's (left out, a body with issueDescription is). */
  kind: z.literal('demo').default('demo'),
  customerName: safeText().trim().min(1, 'Customer name is required').max(100),
  phoneNumber: optionalPhone,
  email,
  vehicleInfo: optionalText(200),
  serviceType: serviceTypeSchema,
  location: safeText().trim().min(1, 'Location is required').max(200),
  issueDescription: descriptionSchema(5000),
  urgency: z.enum(URGENCIES, { error: 'Urgency must be low, medium or high' }).default('medium'),
  customerId: z.unknown().optional(),
});

export const SERVICE_REQUEST_KINDS = ['form', 'demo'] as const;

/**
 * The payload a body is when it does not say (`kind`): the demo page's is the one with
 * issueDescription, a field the form's never has. Clients written before `kind` send none.
 */
function withKind(body: unknown) {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || 'kind' in body)
    return body;
  return { ...body, kind: 'issueDescription' in body ? 'demo' : 'form' };
}

/**
 * POST /api/service-requests: the Request Service form's payload or the demo page's, told apart
 * by `kind` (or, left out, by their fields), each then validated by its own schema, so that a
 * refusal names the field of the payload that was sent.
 */
export const createServiceRequestSchema = z.preprocess(
  withKind,
  z.discriminatedUnion('kind', [serviceRequestSchema, demoServiceRequestSchema], {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? `kind must be one of: ${SERVICE_REQUEST_KINDS.join(', ')}`
        : undefined,
  }),
);
/** What a client sends (`kind` may be left out). */
export type CreateServiceRequestInput =
  z.input<typeof serviceRequestSchema> | z.input<typeof demoServiceRequestSchema>;
/** What the server reads, `kind` always set. */
export type CreateServiceRequestBody = z.output<typeof createServiceRequestSchema>;

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
    phone: optionalPhone,
  })
  .strict();
export type TextUpdatesBody = z.input<typeof textUpdatesBodySchema>;
