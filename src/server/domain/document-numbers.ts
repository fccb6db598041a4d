import type { DbOrTx } from '../db/client';
import { nextSequenceValue } from './document-numbers.queries';

/**
 * Readable document numbers, one database sequence per kind: `Q-2026-000123`,
 * `INV-2026-000123`, `R-2026-000123`. A sequence never hands out the same value twice, even to
 * concurrent transactions or after a rollback, so a number is unique without any retry (a retry
 * after a unique violation cannot work inside a PostgreSQL transaction, which the error
 * aborts). The year is the app clock's (UTC); the counter is not reset each year, and the
 * number simply grows beyond six digits.
 */
export const DOCUMENT_KINDS = {
  quote: { prefix: 'Q', sequence: 'quote_number_seq' },
  invoice: { prefix: 'INV', sequence: 'invoice_number_seq' },
  /** Point-of-sale payments and plan payments share the receipt sequence. */
  receipt: { prefix: 'R', sequence: 'receipt_number_seq' },
} as const;
export type DocumentKind = keyof typeof DOCUMENT_KINDS;

export function formatDocumentNumber(kind: DocumentKind, year: number, n: number | string) {
  return `${DOCUMENT_KINDS[kind].prefix}-${year}-${String(n).padStart(6, '0')}`;
}

/**
 * The next number of a kind. Inside a transaction pass the transaction: PGlite has a single
 * connection, so a query outside it would wait for it to end.
 */
export async function nextNumber(db: DbOrTx, kind: DocumentKind, now: Date): Promise<string> {
  const n = await nextSequenceValue(db, DOCUMENT_KINDS[kind].sequence);
  return formatDocumentNumber(kind, now.getUTCFullYear(), n);
}
