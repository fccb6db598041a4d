import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { quoteSignatures, quotes, quoteVoidedLinks } from '../../../db/schema';

/** The queries of signatures on exactly what was seen (ADR 026): audit trail and voided links. */

export type SignatureRow = typeof quoteSignatures.$inferSelect;

/**
 * Approves a draft quote at this version; undefined when it is not a draft any more, or not at
 * this version (changed since the customer was shown it).
 */
export async function approveDraftQuoteAt(
  db: DbOrTx,
  id: number,
  version: number,
  signature: string,
  now: Date,
) {
  const [row] = await db
    .update(quotes)
    .set({ status: 'approved', signature, signedAt: now })
    .where(and(eq(quotes.id, id), eq(quotes.status, 'draft'), eq(quotes.version, version)))
    .returning();
  return row;
}

export async function insertSignatureAudit(
  db: DbOrTx,
  values: typeof quoteSignatures.$inferInsert,
) {
  await db.insert(quoteSignatures).values(values);
}

export function signatureAuditsOf(db: DbOrTx, quoteIds: number[]) {
  return db.select().from(quoteSignatures).where(inArray(quoteSignatures.quoteId, quoteIds));
}

/**
 * Voids the quote's approval link (its token hash is remembered, so that the old link answers
 * that the quote changed). Call inside the edit's transaction.
 */
export async function voidApprovalLink(db: DbOrTx, quoteId: number, tokenHash: string) {
  await db.insert(quoteVoidedLinks).values({ tokenHash, quoteId }).onConflictDoNothing();
  await db
    .update(quotes)
    .set({ approvalTokenHash: null, approvalTokenExpiresAt: null })
    .where(eq(quotes.id, quoteId));
}

/** Whether this token hash belongs to an approval link voided by an edit. */
export async function isVoidedLink(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ quoteId: quoteVoidedLinks.quoteId })
    .from(quoteVoidedLinks)
    .where(eq(quoteVoidedLinks.tokenHash, tokenHash));
  return row !== undefined;
}

/** Raises the quote's version by one (its content changed); the quote as it is now. */
export async function bumpQuoteVersion(db: DbOrTx, id: number) {
  const [row] = await db
    .update(quotes)
    .set({ version: sql`${quotes.version} + 1` })
    .where(eq(quotes.id, id))
    .returning();
  return row!;
}
