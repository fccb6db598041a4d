import { and, asc, count, desc, eq, isNotNull, isNull, max, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { requestMessages, serviceRequests } from '../../../db/schema';
import type { MessageAuthor } from '@shared/schemas/request-messages';

export type RequestMessageRow = typeof requestMessages.$inferSelect;

const thread = (serviceRequestId: number, technicianId: number) =>
  and(
    eq(requestMessages.serviceRequestId, serviceRequestId),
    eq(requestMessages.technicianId, technicianId),
  );

/** The thread between the request's customer and this technician, oldest first. */
export function threadMessages(db: DbOrTx, serviceRequestId: number, technicianId: number) {
  return db
    .select()
    .from(requestMessages)
    .where(thread(serviceRequestId, technicianId))
    .orderBy(asc(requestMessages.id));
}

/** The newest message of the thread (the burst rule looks at it), or undefined. */
export async function lastMessage(db: DbOrTx, serviceRequestId: number, technicianId: number) {
  const [row] = await db
    .select()
    .from(requestMessages)
    .where(thread(serviceRequestId, technicianId))
    .orderBy(desc(requestMessages.id))
    .limit(1);
  return row;
}

export async function insertMessage(
  db: DbOrTx,
  values: { serviceRequestId: number; technicianId: number; author: MessageAuthor; body: string },
) {
  const [row] = await db.insert(requestMessages).values(values).returning();
  return row!;
}

/** Marks the other side's unread messages of the thread read; how many were. */
export async function markRead(
  db: DbOrTx,
  serviceRequestId: number,
  technicianId: number,
  reader: MessageAuthor,
  now: Date,
) {
  const rows = await db
    .update(requestMessages)
    .set({ readAt: now })
    .where(
      and(
        thread(serviceRequestId, technicianId),
        ne(requestMessages.author, reader),
        isNull(requestMessages.readAt),
      ),
    )
    .returning({ id: requestMessages.id });
  return rows.length;
}

/** One message of the thread, or undefined when it is not in it. */
export async function messageInThread(
  db: DbOrTx,
  id: number,
  serviceRequestId: number,
  technicianId: number,
) {
  const [row] = await db
    .select()
    .from(requestMessages)
    .where(and(eq(requestMessages.id, id), thread(serviceRequestId, technicianId)));
  return row;
}

/** Records a report of a message (a later one of the same message replaces the reason). */
export function markReported(db: DbOrTx, id: number, by: MessageAuthor, reason: string, now: Date) {
  return db
    .update(requestMessages)
    .set({ reportedAt: now, reportedBy: by, reportReason: reason })
    .where(eq(requestMessages.id, id));
}

/** The threads (request and technician) with a reported message, newest report first. */
export async function reportedThreads(db: DbOrTx, offset: number, limit: number) {
  const threads = db
    .select({
      serviceRequestId: requestMessages.serviceRequestId,
      technicianId: requestMessages.technicianId,
      lastReportedAt: max(requestMessages.reportedAt).as('last_reported_at'),
    })
    .from(requestMessages)
    .where(isNotNull(requestMessages.reportedAt))
    .groupBy(requestMessages.serviceRequestId, requestMessages.technicianId)
    .as('reported');
  const rows = await db
    .select()
    .from(threads)
    .orderBy(desc(threads.lastReportedAt), desc(threads.serviceRequestId))
    .offset(offset)
    .limit(limit);
  const [counted] = await db.select({ n: count() }).from(threads);
  return { rows, total: counted?.n ?? 0 };
}

/**
 * Unread messages to one side across their jobs, per request: to a customer, the technicians'
 * messages on their requests (the thread of the technician holding each); to a technician, the
 * customers' messages on the jobs they hold.
 */
export function unreadByRequest(
  db: DbOrTx,
  who: { customerId: number } | { technicianId: number },
) {
  const mine =
    'customerId' in who
      ? and(
          eq(serviceRequests.customerId, who.customerId),
          eq(requestMessages.author, 'technician'),
        )
      : and(
          eq(serviceRequests.assignedTechnicianId, who.technicianId),
          eq(requestMessages.author, 'customer'),
        );
  return db
    .select({ serviceRequestId: serviceRequests.id, unread: count() })
    .from(requestMessages)
    .innerJoin(
      serviceRequests,
      and(
        eq(serviceRequests.id, requestMessages.serviceRequestId),
        eq(serviceRequests.assignedTechnicianId, requestMessages.technicianId),
      ),
    )
    .where(and(mine, isNull(requestMessages.readAt)))
    .groupBy(serviceRequests.id)
    .orderBy(desc(serviceRequests.id))
    .limit(100);
}
