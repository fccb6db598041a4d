// Lists beyond one thread: the admins' reported threads, and a person's unread messages.
import type { FastifyInstance } from 'fastify';
import { formatReference } from '@shared/service-request-rules';
import type { ReportedThread } from '@shared/schemas/request-messages';
import { audit } from '../../../domain/audit';
import { fullName } from '../../../domain/names';
import { serviceRequestById } from '../../../domain/request-access.queries';
import type { SessionUser } from '../../../infra/session';
import { technicianCard } from '../service-requests.queries';
import * as q from './messages.queries';

export const REPORTED_PAGE_SIZE = 20;

/**
 * The admins' view of reported threads (ADR 042): each thread with a reported message, whole
 * (a report is read in its context), newest report first. Threads nobody reported are never
 * shown. Each look is written to the audit log.
 */
export async function reportedThreads(app: FastifyInstance, admin: SessionUser, page: number) {
  const { rows, total } = await q.reportedThreads(
    app.db,
    (page - 1) * REPORTED_PAGE_SIZE,
    REPORTED_PAGE_SIZE,
  );
  const threads: ReportedThread[] = [];
  for (const t of rows) {
    const request = await serviceRequestById(app.db, t.serviceRequestId);
    if (!request) continue;
    const tech = await technicianCard(app.db, t.technicianId);
    const messages = await q.threadMessages(app.db, t.serviceRequestId, t.technicianId);
    const names = {
      customer: request.contactName?.trim() || 'Customer',
      technician: tech ? fullName(tech) : 'Technician',
    };
    threads.push({
      reference: formatReference(request.id),
      serviceType: request.serviceType,
      status: request.status,
      customerName: names.customer,
      technicianName: names.technician,
      lastReportedAt: new Date(t.lastReportedAt!).toISOString(),
      messages: messages.map((m) => ({
        id: m.id,
        from: m.author,
        authorName: names[m.author],
        body: m.body,
        createdAt: m.createdAt.toISOString(),
        read: m.readAt !== null,
        report: m.reportedAt
          ? { at: m.reportedAt.toISOString(), by: m.reportedBy!, reason: m.reportReason ?? '' }
          : null,
      })),
    });
  }
  await audit(app.db, admin, {
    action: 'message.reports_viewed',
    entityType: 'request_message',
    details: { page, threads: threads.map((t) => t.reference) },
  });
  return { threads, total, page, pageSize: REPORTED_PAGE_SIZE };
}

/** The signed-in customer's or technician's unread messages, for the header's count. */
export async function unreadMessages(app: FastifyInstance, user: SessionUser) {
  const who =
    user.role === 'technician' && user.technicianId != null
      ? { technicianId: user.technicianId }
      : { customerId: user.id };
  const rows = await q.unreadByRequest(app.db, who);
  return {
    unread: rows.reduce((n, r) => n + r.unread, 0),
    requests: rows.map((r) => ({
      reference: formatReference(r.serviceRequestId),
      unread: r.unread,
    })),
  };
}
