import { invoiceShareOfRefund, jobOfPayment, settleCard } from './pos.card';
import type { FastifyInstance } from 'fastify';
import { BRAND } from '@shared/brand';
import { centsToDecimal, formatCents } from '@shared/money';
import type { DbOrTx } from '../../../db/client';
import { jobDocumentChanged } from '../../../domain/request-mail';
import {
  RetryLater,
  type PosProviderEvents,
  type ProviderDisputeEvent,
  type ProviderPaymentEvent,
  type ProviderRefundEvent,
} from '../../../domain/provider-events';
import { composeMail } from '../../../infra/mailer';
import { squareReferenceOf } from '../../../infra/payments/square';
import { publicBaseUrl } from '../../../infra/public-url';
import { insertRefund, lockPayment, subtractFromInvoice } from './pos.deposits.queries';
import {
  adminMailboxes,
  failProviderRefund,
  insertDispute,
  lockDispute,
  openDisputesOf,
  ourProcessingRefund,
  paymentByProviderId,
  processingPaymentsOf,
  refundByProviderRefundId,
  setInvoiceStatus,
  setProcessingFee,
  technicianMailbox,
  updateDispute,
  type DisputeRow,
} from './pos.provider-events.queries';
import { addToInvoice, findInvoice, lockInvoice } from '../pos.queries';
import { orderRef } from './pos.wallet.queries';

/**
 * What providers' webhooks change at the point of sale, each in the worker's transaction (the
 * one that marks the event processed): a card payment still `processing` settled at once (the
 * reconciliation sweep stays the safety net, ADR 007), a refund made in the provider's dashboard
 * recorded like ours, a dispute marking the invoice Disputed. Events arrive late, twice and out
 * of order: only a `processing` payment is ever settled, refunds are keyed by the provider's
 * refund id, and a dispute ignores an event older than the one it last applied.
 */

/**
 * The payment the event is about: by the provider's id, else by its order (a wallet payment keeps
 * its order until the capture is final, pos.wallet), else by our charge's reference id.
 */
async function paymentOf(tx: DbOrTx, e: ProviderPaymentEvent) {
  const byId = await paymentByProviderId(tx, e.provider, e.providerPaymentId);
  if (byId) return byId;
  const byOrder = e.orderId
    ? await paymentByProviderId(tx, e.provider, orderRef(e.orderId))
    : undefined;
  if (byOrder) return byOrder;
  if (e.provider !== 'square' || !e.referenceId) return undefined;
  const processing = await processingPaymentsOf(tx, e.provider);
  return processing.find((p) => squareReferenceOf(p.idempotencyKey!) === e.referenceId);
}

async function payment(app: FastifyInstance, tx: DbOrTx, e: ProviderPaymentEvent) {
  const p = await paymentOf(tx, e);
  if (!p) return false;
  if (p.status === 'processing' && e.status !== 'pending') {
    await settleCard(
      app,
      tx,
      p,
      e.status === 'succeeded'
        ? {
            status: 'succeeded',
            failureMessage: null,
            providerPaymentId: e.providerPaymentId,
            cardBrand: e.cardBrand ?? null,
            cardLast4: e.last4 ?? null,
          }
        : {
            status: 'failed',
            failureMessage: `The payment was ${e.providerStatus}`,
            providerPaymentId: e.providerPaymentId,
            cardBrand: e.cardBrand ?? null,
            cardLast4: e.last4 ?? null,
          },
    );
  } else if (p.status !== 'processing' && p.status !== e.status && e.status !== 'pending') {
    // Settled otherwise (the request's answer, the sweep): that outcome stands.
    app.log.warn(
      { paymentId: p.id, ours: p.status, provider: e.status },
      'a provider event disagrees with a settled payment; left as it is',
    );
  }
  if (e.feeCents !== undefined) await setProcessingFee(tx, p.id, e.feeCents);
  return true;
}

/**
 * A refund the provider reports. Ours (found by its refund id) is settled by our own request;
 * one made in the dashboard is inserted once (keyed by the provider's refund id) and taken off
 * the invoice. While a refund of ours on the payment is still being asked for, the event waits:
 * it may well be that one.
 */
async function refund(app: FastifyInstance, tx: DbOrTx, e: ProviderRefundEvent) {
  const known = await refundByProviderRefundId(tx, e.provider, e.providerRefundId);
  const before = await paymentByProviderId(tx, e.provider, e.providerPaymentId);
  if (!before) return Boolean(known);
  // The invoice's lock first, then the payment's, as every payment transaction takes them.
  if (before.invoiceId) await lockInvoice(tx, before.invoiceId);
  const p = (await lockPayment(tx, before.id))!;
  if (known) {
    if (known.reason === 'provider' && e.status === 'failed') {
      const failed = await failProviderRefund(
        tx,
        known.id,
        'The provider reported the refund failed',
      );
      if (failed && p.invoiceId)
        await addToInvoice(
          tx,
          p.invoiceId,
          invoiceShareOfRefund(p, failed.amountCents),
          app.clock(),
        );
      if (failed) await jobDocumentChanged(app, tx, await jobOfPayment(tx, p), { kind: 'payment' });
    }
    return true;
  }
  if (e.status === 'failed') return true;
  if (await ourProcessingRefund(tx, p.id))
    throw new RetryLater('a refund of ours on this payment is still being asked for');
  const r = await insertRefund(tx, {
    paymentId: p.id,
    technicianId: p.technicianId,
    amountCents: e.amountCents,
    status: 'succeeded',
    provider: e.provider,
    providerRefundId: e.providerRefundId,
    idempotencyKey: `provider-refund:${e.provider}:${e.providerRefundId}`,
    reason: 'provider',
  });
  if (!r) return true;
  if (p.invoiceId)
    await subtractFromInvoice(tx, p.invoiceId, invoiceShareOfRefund(p, r.amountCents));
  await jobDocumentChanged(app, tx, await jobOfPayment(tx, p), {
    kind: 'refund',
    amount: centsToDecimal(r.amountCents),
    receiptNumber: p.receiptNumber,
  });
  return true;
}

const dueDate = (d: Date | null) =>
  d
    ? d.toLocaleDateString('en-US', { timeZone: 'UTC', dateStyle: 'long' })
    : 'not given by the provider';

/** The technician and every admin are e-mailed once per dispute, when it is first reported. */
async function disputeMail(
  app: FastifyInstance,
  tx: DbOrTx,
  d: DisputeRow,
  invoiceNumber: string | null,
) {
  const tech = d.technicianId ? await technicianMailbox(tx, d.technicianId) : undefined;
  const admins = await adminMailboxes(tx);
  const recipients = [...(tech ? [tech] : []), ...admins];
  const seen = new Set<string>();
  const what = invoiceNumber ? `invoice ${invoiceNumber}` : 'a card payment';
  const subject = `A customer disputed ${formatCents(d.amountCents)} on ${what}`;
  const lines = [
    `The customer disputed a card payment with their bank (${d.provider} dispute ${d.providerDisputeId}).`,
    `Amount: ${formatCents(d.amountCents)}`,
    `Reason: ${d.reason ?? 'not given'}`,
    `Evidence due: ${dueDate(d.evidenceDueAt)}`,
    `Answer it in your ${d.provider === 'square' ? 'Square' : 'PayPal'} dashboard before the evidence is due. Your point of sale: ${publicBaseUrl(app.config)}/pos`,
    `— ${BRAND.name}`,
  ];
  for (const r of recipients) {
    if (seen.has(r.email.toLowerCase())) continue;
    seen.add(r.email.toLowerCase());
    await app.outbox.enqueue(tx, {
      to: r.email,
      template: 'payment_dispute',
      key: `payment_dispute:${d.id}:${r.email.toLowerCase()}`,
      subject,
      ...composeMail([`Hi ${r.first},`, ...lines]),
    });
  }
}

/**
 * A dispute reported or moved on: its row follows the newest event; a new one marks the invoice
 * Disputed and tells the technician and the admins; won, the invoice is paid (or pending) again
 * once no other dispute of it is open; lost, it stays Disputed.
 */
async function dispute(app: FastifyInstance, tx: DbOrTx, e: ProviderDisputeEvent) {
  const p = e.providerPaymentId
    ? await paymentByProviderId(tx, e.provider, e.providerPaymentId)
    : undefined;
  if (p?.invoiceId) await lockInvoice(tx, p.invoiceId);
  const values = {
    amountCents: e.amountCents,
    reason: e.reason,
    state: e.state,
    evidenceDueAt: e.evidenceDueAt ?? null,
    providerUpdatedAt: e.updatedAt ?? null,
  };
  let d = await lockDispute(tx, e.provider, e.providerDisputeId);
  let fresh = false;
  if (!d) {
    const inserted = await insertDispute(tx, {
      provider: e.provider,
      providerDisputeId: e.providerDisputeId,
      providerPaymentId: e.providerPaymentId ?? null,
      paymentId: p?.id ?? null,
      invoiceId: p?.invoiceId ?? null,
      technicianId: p?.technicianId ?? null,
      ...values,
    });
    // Inserted by a twin event meanwhile: apply this one as an update.
    d = inserted ?? (await lockDispute(tx, e.provider, e.providerDisputeId))!;
    fresh = inserted !== null;
  } else {
    const older =
      d.providerUpdatedAt && e.updatedAt && e.updatedAt.getTime() < d.providerUpdatedAt.getTime();
    if (older) return true;
    // A dispute decided stays decided, whatever a late "open" event says.
    if ((d.state === 'WON' || d.state === 'LOST') && e.outcome === 'open') return true;
    d = await updateDispute(tx, d.id, values);
  }
  const inv = d.invoiceId ? await findInvoice(tx, d.invoiceId) : undefined;
  if (inv) {
    if (e.outcome !== 'won' && inv.status !== 'disputed')
      await setInvoiceStatus(tx, inv.id, 'disputed');
    if (e.outcome === 'won' && inv.status === 'disputed') {
      if ((await openDisputesOf(tx, inv.id, d.id)).length === 0) {
        const covered = inv.paidAmountCents >= inv.totalAmountCents;
        await setInvoiceStatus(
          tx,
          inv.id,
          covered ? 'paid' : 'pending',
          covered ? (inv.paidAt ?? app.clock()) : null,
        );
      }
    }
  }
  if (fresh) await disputeMail(app, tx, d, inv?.invoiceNumber ?? null);
  if (p) await jobDocumentChanged(app, tx, await jobOfPayment(tx, p), { kind: 'payment' });
  return Boolean(p);
}

/** The point of sale's handlers of provider events (app.posProviderEvents). */
export function createPosProviderEvents(app: FastifyInstance): PosProviderEvents {
  return {
    payment: (tx, e) => payment(app, tx, e),
    refund: (tx, e) => refund(app, tx, e),
    dispute: (tx, e) => dispute(app, tx, e),
  };
}
