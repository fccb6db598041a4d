import { z } from 'zod';
import { ROLES, USER_STATUSES } from '../constants/domain';
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
  search: z.string().trim().max(100).optional(),
  role: z.enum(ROLES).optional(),
  status: z.enum(USER_STATUSES).optional(),
  includeGuests: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  page: z.coerce.number().int().min(1).default(1),
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
    z.object({ level: z.enum(['info', 'warning', 'critical']), message: z.string() }),
  ),
  recentAudit: z.array(auditEntrySchema),
});
export type AdminOverview = z.infer<typeof overviewSchema>;

export { adminUserSchema };
