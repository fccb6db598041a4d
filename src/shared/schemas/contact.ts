import { z } from 'zod';
import { SERVICE_TYPES } from '../constants/service-types';

const email = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email('Please enter a valid email address').max(254));

/** The Contact Us form. */
export const contactMessageSchema = z.object({
  name: z.string().trim().min(2, 'Name must be at least 2 characters').max(100),
  email,
  phone: z
    .string()
    .trim()
    .max(30, 'Phone must be at most 30 characters')
    .optional()
    .transform((v) => v || undefined),
  subject: z.string().trim().min(5, 'Subject must be at least 5 characters').max(200),
  message: z.string().trim().min(10, 'Message must be at least 10 characters').max(5000),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;

/** The contact dialog on a technician's card or profile. */
export const contactTechnicianSchema = z.object({
  technicianId: z.coerce.number().int().positive('Choose a technician'),
  customerName: z.string().trim().min(1, 'Name is required').max(100),
  customerEmail: email,
  serviceType: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.enum(SERVICE_TYPES, { error: 'Choose a service type from the list' }).optional()),
  message: z.string().trim().min(1, 'Message is required').max(5000),
});
export type ContactTechnicianInput = z.input<typeof contactTechnicianSchema>;
