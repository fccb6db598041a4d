import { z } from 'zod';
import { SERVICE_TYPES } from '../constants/service-types';
import { pageNumber, pageSizeNumber, pagedSchema, safeText } from './common';

/**
 * A technician's customers (their back office): the people whose jobs they held, built from
 * those jobs. A technician sees only their own customers, with the contact the job gave them.
 */

/** GET /api/technician-customers */
export const technicianCustomersQuerySchema = z.object({
  page: pageNumber(),
  pageSize: pageSizeNumber(20),
  /** Searches names, e-mail addresses, phone numbers and vehicles. */
  q: safeText().trim().max(100, 'The search must be at most 100 characters').optional(),
});
export type TechnicianCustomersQuery = z.input<typeof technicianCustomersQuerySchema>;

export const technicianCustomerSchema = z.object({
  /** The customer's account id (the same for each of their jobs). */
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  /** The vehicles their jobs named, newest first. */
  vehicles: z.array(z.string()),
  jobs: z.number().int(),
  lastJobAt: z.string(),
  lastReference: z.string(),
  invoices: z.number().int(),
  /** What they still owe on this technician's invoices, in dollars ('0.00' when nothing). */
  balance: z.string(),
  /** The technician's private notes on them. */
  notes: z.string().nullable(),
});
export type TechnicianCustomer = z.output<typeof technicianCustomerSchema>;

export const technicianCustomersSchema = pagedSchema(technicianCustomerSchema);
export type TechnicianCustomers = z.output<typeof technicianCustomersSchema>;

/** GET /api/technician-customers/:id: the customer and their history with this technician. */
export const technicianCustomerDetailSchema = technicianCustomerSchema.extend({
  history: z.array(
    z.object({
      reference: z.string(),
      serviceType: z.string(),
      status: z.string(),
      vehicle: z.string().nullable(),
      createdAt: z.string(),
      completedAt: z.string().nullable(),
      /** This technician's invoices on the job. */
      invoices: z.array(
        z.object({
          invoiceNumber: z.string(),
          total: z.string(),
          balance: z.string(),
          status: z.string(),
        }),
      ),
    }),
  ),
});
export type TechnicianCustomerDetail = z.output<typeof technicianCustomerDetailSchema>;

/** PATCH /api/technician-customers/:id */
export const technicianCustomerNotesSchema = z.object({
  notes: safeText({ error: 'notes must be text' })
    .trim()
    .max(5000, 'Notes must be at most 5,000 characters'),
});

/** POST /api/technician-customers/:id/book-again: a request link for this service, to them first. */
export const bookAgainSchema = z.object({
  serviceType: z.enum(SERVICE_TYPES, { error: 'Choose one of the service types' }),
});
export const bookAgainResultSchema = z.object({
  /** Where the link went. */
  sentTo: z.string(),
});
export const NO_CUSTOMER_EMAIL = 'This customer gave no e-mail address on their jobs with you';
export const NOT_YOUR_SERVICE = (service: string) =>
  `You do not offer ${service}: add it to your specialties first`;
