import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { OutboxChannel, OutboxStatus } from '@shared/schemas/notifications';
import type { DbOrTx } from '../../db/client';
import { outbox } from '../../db/schema';

export async function outboxPage(
  db: DbOrTx,
  f: { status?: OutboxStatus; channel?: OutboxChannel; offset: number; limit: number },
) {
  const where: SQL[] = [];
  if (f.status) where.push(eq(outbox.status, f.status));
  if (f.channel) where.push(eq(outbox.channel, f.channel));
  const cond = where.length ? and(...where) : undefined;
  const [rows, [total], counts] = await Promise.all([
    db.select().from(outbox).where(cond).orderBy(desc(outbox.id)).offset(f.offset).limit(f.limit),
    db.select({ n: count() }).from(outbox).where(cond),
    db.select({ status: outbox.status, n: count() }).from(outbox).groupBy(outbox.status),
  ]);
  return { rows, total: total?.n ?? 0, counts };
}
