import { and, asc, eq, gt, inArray, isNull, like, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client';
import { invoicePayments } from '../../../db/schema';
import type { PaymentRow } from '../pos.queries';

/**
 * The SQL of wallet payments of invoices (pos.wallet). Until its money is settled, a wallet
 * payment keeps its provider order as `order:<id>` in `provider_payment_id`; the capture's id
 * replaces it once the capture is final (refunds, disputes and webhooks name captures).
 */

export const ORDER_REF = 'order:';
export const orderRef = (orderId: string) => `${ORDER_REF}${orderId}`;
/** The provider's order id of a payment not settled yet, when it has one. */
export const orderIdOf = (p: Pick<PaymentRow, 'providerPaymentId'>) =>
  p.providerPaymentId?.startsWith(ORDER_REF) ? p.providerPaymentId.slice(ORDER_REF.length) : null;

/**
 * Records the order made for a claimed payment, once (a duplicate request got the same order
 * from the provider): the row, or undefined when it was settled meanwhile.
 */
export async function setOrderRef(db: DbOrTx, paymentId: number, orderId: string) {
  const ref = orderRef(orderId);
  const [row] = await db
    .update(invoicePayments)
    .set({ providerPaymentId: ref })
    .where(
      and(
        eq(invoicePayments.id, paymentId),
        eq(invoicePayments.status, 'processing'),
        or(isNull(invoicePayments.providerPaymentId), eq(invoicePayments.providerPaymentId, ref)),
      ),
    )
    .returning();
  return row;
}

/** The invoice's payment whose provider order (or capture) this is, at these providers. */
export async function walletPaymentOf(
  db: DbOrTx,
  invoiceId: number,
  providers: string[],
  providerRef: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.invoiceId, invoiceId),
        inArray(invoicePayments.provider, providers),
        eq(invoicePayments.providerPaymentId, providerRef),
      ),
    )
    .orderBy(asc(invoicePayments.id))
    .limit(1);
  return row;
}

/** The invoice's wallet orders still open (their payment processing), oldest first. */
export function openOrdersOfInvoice(db: DbOrTx, invoiceId: number, providers: string[]) {
  return db
    .select()
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.invoiceId, invoiceId),
        eq(invoicePayments.status, 'processing'),
        inArray(invoicePayments.provider, providers),
        like(invoicePayments.providerPaymentId, `${ORDER_REF}%`),
      ),
    )
    .orderBy(asc(invoicePayments.id))
    .limit(20);
}

/** How many stuck wallet payments one page of the reconciliation holds. */
export const STUCK_WALLET_PAGE = 200;

/** Wallet payments of invoices left `processing` since before `before`, by id after `afterId`. */
export function stuckWalletPayments(db: DbOrTx, providers: string[], before: Date, afterId = 0) {
  return db
    .select()
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.status, 'processing'),
        inArray(invoicePayments.provider, providers),
        lt(invoicePayments.createdAt, before),
        gt(invoicePayments.id, afterId),
      ),
    )
    .orderBy(asc(invoicePayments.id))
    .limit(STUCK_WALLET_PAGE);
}
