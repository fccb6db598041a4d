import type { FastifyInstance } from 'fastify';
import type { Role } from '@shared/constants/domain';
import { LIMITS } from '@shared/constants/domain';
import { LOCATIONS } from '@shared/constants/locations';
import { centsToDecimal } from '@shared/money';
import type { AdminOverview } from '@shared/schemas/admin';
import { AppError } from '../../infra/app-error';
import { audit } from '../../domain/audit';
import type { SessionUser } from '../../infra/session';
import { createAccountMail } from '../../domain/account-mail';
import { deleteUserSessions } from '../../domain/accounts';
import {
  overviewAlerts,
  toAdminTechnician,
  toAdminUser,
  toAuditEntry,
  toPendingApplication,
  toPendingRegistration,
  toRecentPayment,
} from './admin.presenters';
import * as q from './admin.queries';

const dayString = (d: Date) => d.toISOString().slice(0, 10);
const monthStart = (d: Date, offset = 0) =>
  new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + offset, 1));

export function createAdminService(app: FastifyInstance) {
  const mail = createAccountMail(app);

  async function findUser(id: number) {
    const u = await q.userById(app.db, id);
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
    await app.db.transaction(async (tx) => {
      const row = await q.lockUser(tx, userId);
      if (!row) throw new AppError(404, 'User not found');
      if (row.id === actor.id && status !== 'approved')
        throw new AppError(400, 'You cannot suspend your own account');
      if (status === 'rejected' && row.status !== 'pending')
        throw new AppError(409, 'Only a registration awaiting approval can be rejected');
      await q.setUserStatus(tx, userId, status);
      // A suspended or rejected user is signed out at once, everywhere.
      if (status !== 'approved') await deleteUserSessions(tx, userId);
      await audit(tx, actor, {
        action,
        entityType: 'user',
        entityId: userId,
        details: { from: row.status, to: status, ...details },
        ip,
      });
      // The registration's owner hears the decision, as the registration toast promises.
      if (row.status === 'pending' && !row.isGuest) {
        if (status === 'approved') await mail.registrationApproved(tx, row.email, row.firstName);
        if (status === 'rejected')
          await mail.registrationRejected(
            tx,
            row.email,
            row.firstName,
            details.reason as string | undefined,
          );
      }
    });
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
        reviewsToModerate,
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
        q.reviewsNeedingAttention(app.db),
      ]);
      const byPlan: Record<string, number> = {};
      for (const s of subs) byPlan[s.plan] = s.n;
      const pendingApprovals = regs.length + apps.length;
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
        recentPayments: recent.map(toRecentPayment),
        alerts: overviewAlerts({
          pendingApprovals,
          verifications: vc,
          failedPayments: failed,
          reviewsToModerate,
        }),
        recentAudit: auditRows.map(toAuditEntry),
      };
    },

    async users(f: Parameters<typeof q.listUsers>[1]) {
      const { rows, total } = await q.listUsers(app.db, f);
      return { total, items: rows.map(toAdminUser) };
    },

    async pendingApprovals() {
      const [regs, apps] = await Promise.all([
        q.pendingRegistrations(app.db),
        q.pendingApplications(app.db),
      ]);
      const docs = await q.credentialDocumentsOf(
        app.db,
        regs.filter((r) => r.tech !== null).map((r) => r.user.id),
      );
      return [
        ...regs.map((r) => toPendingRegistration(r, docs)),
        ...apps.map(toPendingApplication),
      ].sort((x, y) => x.submittedAt.localeCompare(y.submittedAt));
    },

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
        await q.setUserRoleApproved(tx, userId, role);
        if (role === 'technician') {
          const loc = LOCATIONS[3];
          await q.insertTechnicianIfMissing(tx, {
            userId,
            location: loc.name,
            zipCode: loc.zip,
            latitude: loc.latitude,
            longitude: loc.longitude,
            hourlyRateCents: 0,
            isAvailable: false,
          });
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
        items: rows.map(toAdminTechnician),
      };
    },

    async technicianAction(
      actor: SessionUser,
      technicianId: number,
      action: 'approve' | 'suspend' | 'reinstate',
      ip: string,
    ) {
      const t = await q.technicianUserId(app.db, technicianId);
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
