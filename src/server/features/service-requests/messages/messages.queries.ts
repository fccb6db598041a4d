import { and, asc, desc, eq, isNull, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { requestMessages } from '../../../db/schema';
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
