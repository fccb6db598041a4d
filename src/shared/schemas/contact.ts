import { z } from 'zod';
import { SERVICE_TYPES } from '../constants/service-types';
import { dbId, emailSchema as email, safeText } from './common';
import { optionalPhoneSchema } from './phone';

/** The Contact Us form. */
export const contactMessageSchema = z.object({
  name: safeText().trim().min(2, 'Name must be at least 2 characters').max(100),
  email,
  phone: optionalPhoneSchema().transform((v) => v ?? undefined),
  subject: safeText().trim().min(5, 'Subject must be at least 5 characters').max(200),
  message: safeText().trim().min(10, 'Message must be at least 10 characters').max(5000),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;

/** The contact dialog on a technician's card or profile. */
export const contactTechnicianSchema = z.object({
  technicianId: dbId('Choose a technician'),
  customerName: safeText().trim().min(1, 'Name is required').max(100),
  customerEmail: email,
  serviceType: safeText()
    .trim()
    .optional()
    .transform((v) => v || undefined)
    .pipe(z.enum(SERVICE_TYPES, { error: 'Choose a service type from the list' }).optional()),
  message: safeText().trim().min(1, 'Message is required').max(5000),
});
export type ContactTechnicianInput = z.input<typeof contactTechnicianSchema>;
