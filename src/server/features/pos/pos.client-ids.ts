import { createHash } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../infra/app-error';
import { findInvoiceByClientId, findQuoteByClientId } from './pos.queries';

/**
 * Records named by the id the technician's device gave them (ADR 013). A create carrying a
 * client id the technician already used is a replay: it answers with the record made the first
 * time (200), unless its content differs (409). References by client id resolve among the
 * technician's own records only (404 otherwise).
 */
export const CLIENT_ID_REUSED = 'This change was already synced with different content';

/** JSON with object keys sorted, so that the same body always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object')
    return `{${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 of the body as parsed (a replay parses the same way, whatever its key order). */
export const bodyHash = (body: unknown) =>
  createHash('sha256').update(canonicalJson(body)).digest('hex');

/** A replay must say what the first request said. */
export function assertSameReplay(same: boolean) {
  if (!same) throw new AppError(409, CLIENT_ID_REUSED);
}

/** The id of the quote named by id or by the technician's client id. */
export async function quoteIdOf(
  db: DbOrTx,
  technicianId: number,
  ref: { quoteId?: number; quoteClientId?: string },
): Promise<number> {
  if (ref.quoteId !== undefined) return ref.quoteId;
  const q = await findQuoteByClientId(db, technicianId, ref.quoteClientId!);
  if (!q) throw new AppError(404, 'Quote not found');
  return q.id;
}

/** The id of the invoice named by id or by the technician's client id; null for none. */
export async function invoiceIdOf(
  db: DbOrTx,
  technicianId: number,
  ref: { invoiceId?: number | null; invoiceClientId?: string | null },
): Promise<number | null> {
  if (ref.invoiceId != null) return ref.invoiceId;
  if (ref.invoiceClientId == null) return null;
  const inv = await findInvoiceByClientId(db, technicianId, ref.invoiceClientId);
  if (!inv) throw new AppError(404, 'Invoice not found');
  return inv.id;
}
