import { and, desc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { serviceRequests, sessions } from '../../../db/schema';
import { requestSummaryQuery } from '../../../domain/request-summaries.queries';

export function requestsOfCustomer(db: DbOrTx, customerId: number, limit: number) {
  return requestSummaryQuery(db)
    .where(eq(serviceRequests.customerId, customerId))
    .orderBy(desc(serviceRequests.createdAt), desc(serviceRequests.id))
    .limit(limit);
}

/** Whether a session is still there and unexpired (signed out, ended or expired: not). */
export async function sessionIsLive(db: DbOrTx, sessionId: string, now: Date) {
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, now)))
    .limit(1);
  return row !== undefined;
}

/** Starts (number and consent time) or stops (consent cleared, number kept) the customer's texts. */
export function setTextUpdates(
  db: DbOrTx,
  id: number,
  set: { smsUpdatesPhone?: string; smsUpdatesConsentAt: Date | null },
) {
  return db
    .update(serviceRequests)
    .set(set)
    .where(eq(serviceRequests.id, id))
    .returning()
    .then((r) => r[0]!);
}
