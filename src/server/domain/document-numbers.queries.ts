import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';

/** The next value of the sequence, as text. */
export async function nextSequenceValue(db: DbOrTx, sequence: string): Promise<string> {
  const res = (await db.execute(sql`select nextval(${sequence}::regclass)::text as n`)) as {
    rows: { n: string }[];
  };
  return res.rows[0]!.n;
}
