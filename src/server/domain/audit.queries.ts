import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

export function insertAuditEntry(db: DbOrTx, row: typeof auditLog.$inferInsert) {
  return db.insert(auditLog).values(row);
}
