import { z } from 'zod';
import { JOB_NOTIFICATION_STATUSES } from '../constants/domain';
import { URGENCIES } from '../constants/service-types';
import { safeText } from './common';

export const jobNotificationSchema = z.object({
  id: z.number().int(),
  status: z.enum(JOB_NOTIFICATION_STATUSES),
  expiresAt: z.string(),
  respondedAt: z.string().nullable(),
  declineReason: z.string().nullable(),
  distanceMiles: z.number().nullable(),
  round: z.number().int(),
  createdAt: z.string(),
  serviceRequest: z.object({
    id: z.number().int(),
    serviceType: z.string(),
    urgency: z.enum(URGENCIES),
    location: z.string(),
    description: z.string(),
    preferredDate: z.string().nullable(),
    estimatedCost: z.string().nullable(),
    status: z.string(),
    customer: z.object({
      firstName: z.string(),
      lastName: z.string(),
      email: z.string(),
      phone: z.string().nullable(),
    }),
  }),
});
export type JobNotification = z.infer<typeof jobNotificationSchema>;

export const declineSchema = z.object({
  declineReason: safeText()
    .trim()
    .max(500, 'Decline reason must be at most 500 characters')
    .optional()
    .nullable()
    .transform((v) => v || 'No reason provided'),
});

/** What a technician's stream pushes. */
export const JOB_EVENTS = ['notification.created', 'notification.closed'] as const;
export type JobEventType = (typeof JOB_EVENTS)[number];
