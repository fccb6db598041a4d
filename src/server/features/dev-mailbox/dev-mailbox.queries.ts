import { desc } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { outbox } from '../../db/schema';

/** The newest e-mails of the outbox, in the mailbox's shape. */
export async function latestMails(db: DbOrTx, limit: number) {
  const rows = await db
    .select()
    .from(outbox)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit);
  return rows.map((m) => ({
    id: m.id,
    to: m.toAddress,
    subject: m.subject,
    text: m.textBody,
    template: m.template,
    status: m.status,
    createdAt: m.createdAt.toISOString(),
  }));
}
