import { z } from 'zod';
import { ROLES, USER_STATUSES } from '../constants/domain';
import { isCalendarDate, pageNumber, safeText } from './common';
import { adminUserSchema } from './profile';

export const roleChangeSchema = z.object({
  role: z.enum(ROLES, { error: 'Role must be customer, technician or admin' }),
});

export const technicianActionSchema = z.object({
  action: z.enum(['approve', 'suspend', 'reinstate'], {
    error: 'Action must be approve, suspend or reinstate',
  }),
});

/** PATCH /api/admin/users/:id/reject: an optional reason, quoted in the e-mail. */
export const rejectUserSchema = z
  .object({ reason: z.string().trim().max(1000).optional() })
  .optional()
  .transform((v) => v ?? {});

export const userListQuerySchema = z.object({
  search: safeText().trim().max(100).optional(),
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
  includeGuests: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  page: pageNumber(),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});

export const pendingApprovalSchema = z.object({
  kind: z.enum(['registration', 'application']),
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  submittedAt: z.string(),
  details: z.string(),
  documents: z.array(z.object({ label: z.string(), documentId: z.number().int() })),
});

export const adminTechnicianSchema = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  status: z.enum(USER_STATUSES),
  location: z.string(),
  specialties: z.array(z.string()),
  rating: z.string(),
  totalReviews: z.number().int(),
  isAvailable: z.boolean(),
  createdAt: z.string(),
});

export const recentPaymentSchema = z.object({
  id: z.number().int(),
  technicianName: z.string(),
  description: z.string(),
  amount: z.string(),
  status: z.string(),
  createdAt: z.string(),
});

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor: z.string().nullable(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});

/** The admin dashboard's tabs an overview alert can lead to. */
export const ADMIN_ALERT_TABS = ['users', 'verifications', 'payments', 'moderation'] as const;

export const overviewSchema = z.object({
  revenueThisMonth: z.string(),
  revenueLastMonth: z.string(),
  revenueTotal: z.string(),
  /** Percent change of this month's revenue against last month's; null without last month. */
  revenueGrowthPercent: z.number().nullable(),
  activeSubscriptions: z.object({ total: z.number(), byPlan: z.record(z.string(), z.number()) }),
  newTechniciansThisMonth: z.number(),
  pendingPayments: z.object({ count: z.number(), amount: z.string() }),
  pendingVerifications: z.number(),
  expiringVerifications: z.number(),
  pendingApprovals: z.number(),
  roleCounts: z.object({ customer: z.number(), technician: z.number(), admin: z.number() }),
  recentPayments: z.array(recentPaymentSchema),
  alerts: z.array(
    z.object({
      level: z.enum(['info', 'warning', 'critical']),
      message: z.string(),
      /** The dashboard tab that deals with it (each alert links there). */
      tab: z.enum(ADMIN_ALERT_TABS),
    }),
  ),
  recentAudit: z.array(auditEntrySchema),
});
export type AdminOverview = z.infer<typeof overviewSchema>;
export type AdminAlertTab = (typeof ADMIN_ALERT_TABS)[number];

export { adminUserSchema };

/** GET /api/admin/messages: Contact Us messages, newest first; `handled` filters. */
export const adminMessagesQuerySchema = z.object({
  handled: z
    .enum(['true', 'false'], { error: 'handled must be true or false' })
    .transform((v) => v === 'true')
    .optional(),
  page: pageNumber(),
});

export const adminMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  /** From a technician whose plan includes priority support (Premium, Professional). */
  priority: z.boolean(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  /** Who marked it handled ('Ada L.' or a username); null when unhandled or the user is gone. */
  handledBy: z.string().nullable(),
});
export type AdminMessage = z.infer<typeof adminMessageSchema>;

export const adminMessagesSchema = z.object({
  items: z.array(adminMessageSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** PATCH /api/admin/messages/:id/handled */
export const messageHandledSchema = z.object({
  handled: z.boolean({ error: 'handled must be true or false' }),
});

const auditDate = (label: string) =>
  safeText().trim().refine(isCalendarDate, `${label} must be a date (YYYY-MM-DD)`).optional();

/**
 * GET /api/admin/audit-log: newest first, filtered; the total is in X-Total-Count. Without
 * filters it is the same list as before ('Recent Activity', `limit` entries).
 */
export const auditLogQuerySchema = z
  .object({
    /** A user id, or part of the actor's username, e-mail or name. */
    actor: safeText().trim().max(200).optional(),
    /** One action exactly, e.g. 'user.approve'. */
    action: safeText().trim().max(100).optional(),
    /** First and last day, inclusive (UTC). */
    from: auditDate('from'),
    to: auditDate('to'),
    page: pageNumber(),
    /** The page size. */
    limit: z.coerce
      .number({ error: 'limit must be a whole number from 1 to 200' })
      .int('limit must be a whole number from 1 to 200')
      .min(1, 'limit must be a whole number from 1 to 200')
      .max(200, 'limit must be a whole number from 1 to 200')
      .default(50),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    path: ['to'],
    message: 'The end date must not be before the start date',
  });
export type AuditLogQuery = z.output<typeof auditLogQuerySchema>;

/** GET /api/admin/audit-log/actions: every action recorded so far, for the filter. */
export const auditActionsSchema = z.array(z.string());
