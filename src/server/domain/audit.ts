import type { DbOrTx } from '../db/client';
import { insertAuditEntry } from './audit.queries';
import type { SessionUser } from '../infra/session';

/** Records who did what to which record; written in the same transaction as the change. */
export function audit(
  db: DbOrTx,
  actor: SessionUser | null,
  entry: {
    action: string;
    entityType: string;
    entityId?: number | string;
    details?: Record<string, unknown>;
    ip?: string;
  },
) {
  return insertAuditEntry(db, {
    actorUserId: actor?.id ?? null,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId === undefined ? null : String(entry.entityId),
    details: entry.details ?? null,
    ip: entry.ip ?? null,
  });
}
