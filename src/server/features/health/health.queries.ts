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

/**
 * Whether the app's schema is there: the migrator's bookkeeping table and the users table, by
 * name in the catalog (no table is read). Also the ping: throws when the database does not
 * answer.
 */
export async function schemaPresent(db: Db): Promise<boolean> {
  const res = (await db.execute(
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null
           and to_regclass('public.users') is not null as present`,
  )) as unknown as { rows: { present: boolean }[] };
  return res.rows[0]?.present === true;
}
