import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

export async function ping(db: Db) {
  await db.execute(sql`select 1`);
}

/**
 * When the newest applied migration was generated (drizzle's bookkeeping table, which the
 * migrator compares with the journal the same way), or null when none is recorded.
 */
export async function lastAppliedMigration(db: Db): Promise<number | null> {
  const res = (await db.execute(
    sql`select max(created_at)::text as last from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { last: string | null }[] };
  const last = res.rows[0]?.last;
  return last == null ? null : Number(last);
}
