import type { FastifyInstance } from 'fastify';
import type { ServiceRequestStatus } from '@shared/constants/domain';
import { parseReference } from '@shared/service-request-rules';
import type { AuditLogQuery } from '@shared/schemas/admin';
import { AppError } from '../../infra/app-error';
import { audit } from '../../domain/audit';
import type { SessionUser } from '../../infra/session';
import { toAuditEntry } from './admin.presenters';
import { toAdminServiceRequestSummary, toAdminMessage } from './admin.records.presenters';
import * as q from './admin.records.queries';

/** Page sizes of the admin's lists. */
export const ADMIN_REQUESTS_PAGE_SIZE = 20;
export const ADMIN_MESSAGES_PAGE_SIZE = 20;

const DAY_MS = 86_400_000;
const utcDay = (ymd: string) => new Date(`${ymd}T00:00:00.000Z`);

/** The admin's records: service requests, Contact Us messages and the audit log. */
export function createAdminRecordsService(app: FastifyInstance) {
  return {
    /**
     * Service requests, unmatched first then newest. `q` is a reference (WR-000123: that
     * request only) or part of the customer's e-mail.
     */
    async serviceRequests(f: { status?: ServiceRequestStatus; q?: string; page: number }) {
      const id = f.q ? parseReference(f.q) : null;
      const pageSize = ADMIN_REQUESTS_PAGE_SIZE;
      const { rows, total } = await q.listServiceRequests(app.db, {
        status: f.status,
        ...(id !== null ? { id } : f.q ? { email: f.q } : {}),
        limit: pageSize,
        offset: (f.page - 1) * pageSize,
      });
      return { items: rows.map(toAdminServiceRequestSummary), total, page: f.page, pageSize };
    },

    async messages(f: { handled?: boolean; page: number }) {
      const pageSize = ADMIN_MESSAGES_PAGE_SIZE;
      const { rows, total } = await q.listContactMessages(app.db, {
        handled: f.handled,
        limit: pageSize,
        offset: (f.page - 1) * pageSize,
      });
      return { items: rows.map(toAdminMessage), total, page: f.page, pageSize };
    },

    /** Marks a message handled (by this admin, now) or unhandled; audited. Idempotent. */
    async setMessageHandled(actor: SessionUser, id: number, handled: boolean, ip: string) {
      await app.db.transaction(async (tx) => {
        const row = await q.lockContactMessage(tx, id);
        if (!row) throw new AppError(404, 'Message not found');
        if ((row.handledAt !== null) === handled) return;
        await q.setContactMessageHandled(
          tx,
          id,
          handled ? { at: app.clock(), by: actor.id } : null,
        );
        await audit(tx, actor, {
          action: handled ? 'contact_message.handled' : 'contact_message.unhandled',
          entityType: 'contact_message',
          entityId: id,
          details: { subject: row.subject, from: row.email },
          ip,
        });
      });
      return toAdminMessage((await q.contactMessageById(app.db, id))!);
    },

    /** The audit log, newest first, filtered and paged; the total for the pager. */
    async auditLog(f: AuditLogQuery) {
      const actorId = f.actor && /^\d{1,9}$/.test(f.actor) ? Number(f.actor) : undefined;
      const { rows, total } = await q.searchAudit(app.db, {
        ...(actorId !== undefined ? { actorId } : f.actor ? { actorText: f.actor } : {}),
        action: f.action || undefined,
        from: f.from ? utcDay(f.from) : undefined,
        before: f.to ? new Date(utcDay(f.to).getTime() + DAY_MS) : undefined,
        limit: f.limit,
        offset: (f.page - 1) * f.limit,
      });
      return { items: rows.map(toAuditEntry), total };
    },

    auditActions: () => q.auditActions(app.db),
  };
}
