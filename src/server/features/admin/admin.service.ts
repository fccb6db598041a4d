import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Role } from '../../../shared/constants/domain';
import { LIMITS } from '../../../shared/constants/domain';
import { LOCATIONS } from '../../../shared/constants/locations';
import { centsToDecimal } from '../../../shared/money';
import type { AdminOverview } from '../../../shared/schemas/admin';
import { technicians, users } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { audit } from '../../lib/audit';
import type { SessionUser } from '../../plugins/access';
import { createAccountMail } from '../../lib/account-mail';
import { deleteUserSessions } from '../../lib/accounts';
import * as q from './admin.queries';

const dayString = (d: Date) => d.toISOString().slice(0, 10);
const monthStart = (d: Date, offset = 0) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1));
const fullName = (u: { firstName: string; lastName: string }) =>
  `${u.firstName} ${u.lastName}`.trim();

function toAuditEntry(a: Awaited<ReturnType<typeof q.recentAudit>>[number]) {
  return {
    id: a.id,
    actor:
      a.username ??
      (a.firstName ? fullName({ firstName: a.firstName, lastName: a.lastName ?? '' }) : null),
    action: a.action,
    entityType: a.entityType,
    entityId: a.entityId,
    details: a.details,
    createdAt: a.createdAt.toISOString(),
  };
}

export function createAdminService(app: FastifyInstance) {
  const mail = createAccountMail(app);

  async function findUser(id: number) {
    const [u] = await app.db.select().from(users).where(eq(users.id, id)).limit(1);
    if (!u) throw new AppError(404, 'User not found');
    return u;
  }

  async function setStatus(
    actor: SessionUser,
    userId: number,
    status: 'approved' | 'suspended' | 'rejected',
    action: string,
    ip: string,
    details: Record<string, unknown> = {},
  ) {
    const before = await app.db.transaction(async (tx) => {
      const [row] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
      if (!row) throw new AppError(404, 'User not found');
      if (row.id === actor.id && status !== 'approved')
        throw new AppError(400, 'You cannot suspend your own account');
      if (status === 'rejected' && row.status !== 'pending')
        throw new AppError(409, 'Only a registration awaiting approval can be rejected');
      await tx.update(users).set({ status }).where(eq(users.id, userId));
      // A suspended or rejected user is signed out at once, everywhere.
      if (status !== 'approved') await deleteUserSessions(tx, userId);
      await audit(tx, actor, {
        action,
        entityType: 'user',
        entityId: userId,
        details: { from: row.status, to: status, ...details },
        ip,
      });
      return row;
    });
    // The registration's owner hears the decision, as the registration toast promises.
    if (before.status === 'pending' && !before.isGuest) {
      if (status === 'approved') await mail.registrationApproved(before.email, before.firstName);
      if (status === 'rejected')
        await mail.registrationRejected(
          before.email,
          before.firstName,
          details.reason as string | undefined,
        );
    }
  }

  return {
    async overview(): Promise<AdminOverview> {
      const now = app.clock();
      const thisMonth = monthStart(now);
      const lastMonth = monthStart(now, -1);
      const windowEnd = new Date(now.getTime() + LIMITS.expiringWindowDays * 86_400_000);
      const [
        revThis,
        revLast,
        revTotal,
        pending,
        subs,
        recent,
        vc,
        roleCounts,
        regs,
        apps,
        newTechs,
        failed,
        auditRows,
      ] = await Promise.all([
        q.revenueBetween(app.db, thisMonth, null),
        q.revenueBetween(app.db, lastMonth, thisMonth),
        q.revenueBetween(app.db, null, null),
        q.pendingPayments(app.db),
        q.activeSubscriptionsByPlan(app.db),
        q.recentPayments(app.db, LIMITS.overviewRecentPayments),
        q.verificationCounts(app.db, dayString(now), dayString(windowEnd)),
        q.roleCounts(app.db),
        q.pendingRegistrations(app.db),
        q.pendingApplications(app.db),
        q.countSince(app.db, thisMonth),
        q.failedPaymentsSince(app.db, new Date(now.getTime() - 30 * 86_400_000)),
        q.recentAudit(app.db, 10),
      ]);
      const byPlan: Record<string, number> = {};
      for (const s of subs) byPlan[s.plan] = s.n;
      const pendingApprovals = regs.length + apps.length;
      const alerts: AdminOverview['alerts'] = [];
      if (pendingApprovals > 0)
        alerts.push({
          level: 'info',
          message: `${pendingApprovals} technician${pendingApprovals === 1 ? '' : 's'} awaiting approval`,
        });
      if (vc.pending > 0)
        alerts.push({
          level: 'warning',
          message: `${vc.pending} verification${vc.pending === 1 ? '' : 's'} pending review`,
        });
      if (vc.expiring > 0)
        alerts.push({
          level: 'warning',
          message: `${vc.expiring} credential${vc.expiring === 1 ? '' : 's'} expiring within 30 days`,
        });
      if (vc.expired > 0)
        alerts.push({
          level: 'critical',
          message: `${vc.expired} credential${vc.expired === 1 ? '' : 's'} expired`,
        });
      if (failed > 0)
        alerts.push({
          level: 'critical',
          message: `${failed} failed payment${failed === 1 ? '' : 's'} in the last 30 days`,
        });
      return {
        revenueThisMonth: centsToDecimal(revThis),
        revenueLastMonth: centsToDecimal(revLast),
        revenueTotal: centsToDecimal(revTotal),
        revenueGrowthPercent:
          revLast > 0 ? Math.round(((revThis - revLast) / revLast) * 1000) / 10 : null,
        activeSubscriptions: { total: subs.reduce((a, s) => a + s.n, 0), byPlan },
        newTechniciansThisMonth: newTechs,
        pendingPayments: { count: pending.count, amount: centsToDecimal(pending.cents) },
        pendingVerifications: vc.pending,
        expiringVerifications: vc.expiring,
        pendingApprovals,
        roleCounts,
        recentPayments: recent.map((p) => ({
          id: p.id,
          technicianName: fullName(p),
          description: p.description,
          amount: centsToDecimal(p.amountCents),
          status: p.status,
          createdAt: p.createdAt.toISOString(),
        })),
        alerts,
        recentAudit: auditRows.map(toAuditEntry),
      };
    },

    async users(f: Parameters<typeof q.listUsers>[1]) {
      const { rows, total } = await q.listUsers(app.db, f);
      return {
        total,
        items: rows.map(({ total: _t, createdAt, ...u }) => ({
          ...u,
          createdAt: createdAt.toISOString(),
        })),
      };
    },

    async pendingApprovals() {
      const [regs, apps] = await Promise.all([
        q.pendingRegistrations(app.db),
        q.pendingApplications(app.db),
      ]);
      return [
        ...regs.map(({ user, tech }) => ({
          kind: 'registration' as const,
          id: user.id,
          name: fullName(user) || user.username || user.email,
          email: user.email,
          submittedAt: user.createdAt.toISOString(),
          details: tech
            ? `Technician registration · ${tech.location}${tech.specialties.length ? ` · ${tech.specialties.join(', ')}` : ''}`
            : `${user.role} registration`,
          documents: [],
        })),
        ...apps.map((a) => ({
          kind: 'application' as const,
          id: a.id,
          name: `${a.firstName} ${a.lastName}`,
          email: a.email,
          submittedAt: a.createdAt.toISOString(),
          details: `Application · ${a.city}, ${a.state} ${a.zipCode} · ${a.yearsExperience} years · ${a.specialties.join(', ')}`,
          documents: [
            ...(a.driversLicenseDocumentId
              ? [{ label: "Driver's License", documentId: a.driversLicenseDocumentId }]
              : []),
            ...(a.aseCertificationDocumentId
              ? [{ label: 'ASE Certification', documentId: a.aseCertificationDocumentId }]
              : []),
          ],
        })),
      ].sort((x, y) => x.submittedAt.localeCompare(y.submittedAt));
    },

    auditLog: async (limit: number) => (await q.recentAudit(app.db, limit)).map(toAuditEntry),

    approveUser: (actor: SessionUser, userId: number, ip: string) =>
      setStatus(actor, userId, 'approved', 'user.approve', ip),

    /** Rejects a registration awaiting approval; the user is told by e-mail. */
    rejectUser: (actor: SessionUser, userId: number, reason: string | undefined, ip: string) =>
      setStatus(actor, userId, 'rejected', 'user.reject', ip, reason ? { reason } : {}),

    /** Changes a user's role; like Approve, it also approves the account. */
    async changeRole(actor: SessionUser, userId: number, role: Role, ip: string) {
      const target = await findUser(userId);
      if (target.id === actor.id && role !== 'admin')
        throw new AppError(400, 'You cannot remove your own admin role');
      await app.db.transaction(async (tx) => {
        await tx.update(users).set({ role, status: 'approved' }).where(eq(users.id, userId));
        if (role === 'technician') {
          const loc = LOCATIONS[3];
          await tx
            .insert(technicians)
            .values({
              userId,
              location: loc.name,
              zipCode: loc.zip,
              latitude: loc.latitude,
              longitude: loc.longitude,
              hourlyRateCents: 0,
              isAvailable: false,
            })
            .onConflictDoNothing({ target: technicians.userId });
        }
        await audit(tx, actor, {
          action: 'user.role_change',
          entityType: 'user',
          entityId: userId,
          details: { from: target.role, to: role, statusFrom: target.status },
          ip,
        });
      });
    },

    async technicians(f: {
      search?: string;
      status?: 'pending' | 'approved' | 'rejected' | 'suspended';
      page: number;
      pageSize: number;
    }) {
      const rows = await q.listTechnicians(app.db, {
        ...f,
        limit: f.pageSize,
        offset: (f.page - 1) * f.pageSize,
      });
      return {
        total: rows[0]?.total ?? 0,
        items: rows.map((r) => ({
          id: r.id,
          userId: r.userId,
          name: fullName(r),
          email: r.email,
          status: r.status,
          location: r.location,
          specialties: r.specialties,
          rating: r.rating,
          totalReviews: r.totalReviews,
          isAvailable: r.isAvailable,
          createdAt: r.createdAt.toISOString(),
        })),
      };
    },

    async technicianAction(
      actor: SessionUser,
      technicianId: number,
      action: 'approve' | 'suspend' | 'reinstate',
      ip: string,
    ) {
      const [t] = await app.db
        .select({ userId: technicians.userId })
        .from(technicians)
        .where(eq(technicians.id, technicianId));
      if (!t) throw new AppError(404, 'Technician not found');
      const u = await findUser(t.userId);
      if (action === 'reinstate' && u.status !== 'suspended')
        throw new AppError(409, 'Only a suspended technician can be reinstated');
      if (action === 'suspend' && u.status === 'suspended')
        throw new AppError(409, 'This technician is already suspended');
      await setStatus(
        actor,
        t.userId,
        action === 'suspend' ? 'suspended' : 'approved',
        `technician.${action}`,
        ip,
      );
    },
  };
}
