import { z } from 'zod';
import { JOB_NOTIFICATION_STATUSES, PLAN_TIERS } from '../constants/domain';
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
    /**
     * Where: the customer's location as given while the job is this technician's (accepted and
     * still assigned to them); otherwise only its area (town, or 'City, ST ZIP').
     */
    location: z.string(),
    /** The problem, vehicle and mileage; never the customer's contact. */
    description: z.string(),
    preferredDate: z.string().nullable(),
    /** The arrival windows the customer picked (empty: as soon as possible): accepting books one. */
    requestedWindows: z.array(z.object({ start: z.string(), end: z.string() })),
    estimatedCost: z.string().nullable(),
    status: z.string(),
    /**
     * The customer's contact, only while the job is this technician's; null for a pending
     * offer and once declined, expired, given back or taken by another (ADR 027).
     */
    customer: z
      .object({
        firstName: z.string(),
        lastName: z.string(),
        email: z.string(),
        phone: z.string().nullable(),
      })
      .nullable(),
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

/** GET /api/job-notifications/technician/:id/leads: whether the technician gets leads now. */
export const leadStatusSchema = z.object({
  plan: z.enum(PLAN_TIERS),
  /** 'none': no plan, or past due beyond the grace period. */
  status: z.enum(['active', 'past_due', 'none']),
  /** Past due, still within the grace period. */
  inGrace: z.boolean(),
  /** Matched by dispatch now: a plan with leads and room under its cap. */
  receivesLeads: z.boolean(),
  /** Accepted jobs per billing period; null: unlimited. */
  monthlyJobCap: z.number().int().nullable(),
  acceptedThisPeriod: z.number().int(),
  /** When the period the cap counts in ends (the count starts again); null without a plan. */
  periodEnd: z.string().nullable(),
  limitReached: z.boolean(),
});
export type LeadStatus = z.output<typeof leadStatusSchema>;
