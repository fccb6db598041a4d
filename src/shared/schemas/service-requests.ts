import { z } from 'zod';
import { SERVICE_TYPES, URGENCIES } from '../constants/service-types';

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Please enter a valid email address').max(254));
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .optional()
    .nullable()
    .transform((v) => v || undefined);

export const serviceTypeSchema = z.enum(SERVICE_TYPES, {
  error: `Service type must be one of: ${SERVICE_TYPES.join(', ')}`,
});

/** 'YYYY-MM-DD' or an ISO timestamp; kept as the date part. */
const preferredDate = z
  .string()
  .trim()
  .optional()
  .nullable()
  .transform((v) => (v ? v.slice(0, 10) : null))
  .refine((v) => v === null || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))), {
    message: 'Preferred date must be a date (YYYY-MM-DD)',
  });

/** POST /api/service-requests from the Request Service form. */
export const serviceRequestSchema = z.object({
  customerId: z.unknown().optional(),
  serviceType: serviceTypeSchema,
  description: z.string().trim().min(1, 'Please describe the problem').max(5000),
  urgency: z.enum(URGENCIES, { error: 'Urgency must be low, medium or high' }).default('medium'),
  location: z.string().trim().min(1, 'Location is required').max(200),
  preferredDate,
  // Contact details (also present as lines of the description).
  customerName: optionalText(100),
  customerEmail: email.optional(),
  customerPhone: optionalText(30),
  vehicleInfo: optionalText(200),
});

/** POST /api/service-requests from the demo notifications page. */
export const demoServiceRequestSchema = z.object({
  customerName: z.string().trim().min(1, 'Customer name is required').max(100),
  phoneNumber: optionalText(30),
  email,
  vehicleInfo: optionalText(200),
  serviceType: serviceTypeSchema,
  location: z.string().trim().min(1, 'Location is required').max(200),
  issueDescription: z.string().trim().min(1, 'Please describe the issue').max(5000),
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
});
export type ServiceRequestResponse = z.infer<typeof serviceRequestResponseSchema>;

/** The lines merged into a request's description (spec: 'Not specified' when empty). */
export function composeServiceDescription(f: {
  problem: string;
  customerName: string;
  email: string;
  phone?: string;
  vehicle: string;
  mileage?: string;
}): string {
  const v = (s: string | undefined) => (s && s.trim() ? s.trim() : 'Not specified');
  return [
    f.problem.trim(),
    '',
    `Customer: ${v(f.customerName)}`,
    `Email: ${v(f.email)}`,
    `Phone: ${v(f.phone)}`,
    `Vehicle: ${v(f.vehicle)}`,
    `Mileage: ${v(f.mileage)}`,
  ].join('\n');
}
