import { technicianCard } from '../../../domain/payment-accounts';
import { isWalletPayment } from '../../../domain/wallet-accounts';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { tipCents, toCents, type TipRule } from '@shared/money';
import {
  TIP_MESSAGES,
  type cardPaymentSchema,
  type PosPayment,
  type recordPaymentSchema,
} from '@shared/schemas/pos';
import type { DbOrTx } from '../../../db/client';
import { AppError } from '../../../infra/app-error';
import { nextNumber } from '../../../domain/document-numbers';
import { tipFingerprint } from '../../../domain/request-documents';
import {
  assertSameRequest,
  awaitClaimedPayment,
  IDEMPOTENCY_KEY_REUSED,
  requestFingerprint,
} from '../../../infra/payments';
import type { SessionUser } from '../../../infra/session';
import { assertPosListAccess, posTechnician } from '../pos.access';
import { chargeCard, paymentSucceeded, settleCard } from './pos.card';
import { assertSameReplay, invoiceIdOf } from '../pos.client-ids';
import { payableInvoice } from '../invoices/pos.invoices';
import { latestRefundsOf } from './pos.deposits.queries';
import { cardOutcomeOut, paymentOut } from '../pos.presenters';
import {
  addToInvoice,
  claimPayment,
  findPaymentByClientId,
  findPaymentByKey,
  insertPayment,
  invoiceNumbers,
  listPaymentRows,
  lockInvoice,
  type PaymentRow,
} from '../pos.queries';

/** The payments with the number of the invoice each is for. */
export async function paymentsOut(db: DbOrTx, rows: PaymentRow[]) {
  const ids = [...new Set(rows.map((r) => r.invoiceId).filter((x): x is number => x !== null))];
  const numbers = ids.length ? await invoiceNumbers(db, ids) : [];
  const byId = new Map(numbers.map((x) => [x.id, x.n]));
  const refunds = await latestRefundsOf(
    db,
    rows.filter((r) => r.method === 'card' || isWalletPayment(r)).map((r) => r.id),
  );
  return rows.map((p) =>
    paymentOut(p, p.invoiceId ? (byId.get(p.invoiceId) ?? null) : null, refunds.get(p.id) ?? null),
  );
}

function amountOf(amount: string | number) {
  const amountCents = toCents(amount);
  if (amountCents < 1) throw new AppError(400, 'Amount must be at least $0.01');
  return amountCents;
}

export async function listPayments(
  app: FastifyInstance,
  user: SessionUser | null,
  technicianId: number,
) {
  await assertPosListAccess(app, user, technicianId);
  return paymentsOut(app.db, await listPaymentRows(app.db, technicianId));
}

/**
 * Cash, check or digital wallet: recorded as taken, settling the invoice (named by id, or by
 * client id when it was made offline). With a client id the technician already used, the
 * payment recorded the first time (`created: false`), counted once; 409 when it differs.
 */
export async function recordPayment(
  app: FastifyInstance,
  user: SessionUser | null,
  input: z.output<typeof recordPaymentSchema>,
): Promise<{ created: boolean; payment: PosPayment }> {
  const technicianId = await posTechnician(app, user);
  const amountCents = amountOf(input.amount);
  const invoiceId = await invoiceIdOf(app.db, technicianId, input);
  const clientId = input.clientId ?? null;
  const earlier = (db: DbOrTx) =>
    clientId === null ? undefined : findPaymentByClientId(db, technicianId, clientId);

  const result = await app.db.transaction(async (tx) => {
    // Twins for one invoice queue on its lock; the second then finds the first's payment.
    if (clientId !== null && invoiceId !== null) await lockInvoice(tx, invoiceId);
    const first = await earlier(tx);
    if (first) return { p: first, created: false };
    const inv = invoiceId ? await payableInvoice(tx, technicianId, invoiceId, amountCents) : null;
    const p = await insertPayment(tx, {
      invoiceId: inv?.id ?? null,
      technicianId,
      method: input.method,
      amountCents,
      status: 'succeeded',
      receiptNumber: await nextNumber(tx, 'receipt', app.clock()),
      customerName: input.customerName || inv?.customerName || null,
      customerEmail: input.customerEmail || inv?.customerEmail || null,
      clientId,
    });
    // None: a twin without an invoice committed this client id first.
    if (!p) return null;
    if (inv) await addToInvoice(tx, inv.id, amountCents, app.clock());
    // Its receipt goes to the customer at once; the job's timeline records it.
    await paymentSucceeded(app, tx, p);
    return { p, created: true };
  });
  if (result?.created) {
    return { created: true, payment: (await paymentsOut(app.db, [result.p]))[0]! };
  }
  const p = result?.p ?? (await earlier(app.db))!;
  assertSameReplay(
    p.amountCents === amountCents && p.method === input.method && p.invoiceId === invoiceId,
  );
  return { created: false, payment: (await paymentsOut(app.db, [p]))[0]! };
}

/**
 * A card charged through the provider. The idempotency key is claimed by a row first, so
 * the same key never charges twice, even when duplicates arrive at once: later ones wait
 * for the first to settle and answer with its outcome.
 */
export async function cardPayment(
  app: FastifyInstance,
  user: SessionUser | null,
  input: z.output<typeof cardPaymentSchema>,
) {
  return takeCardPayment(app, await posTechnician(app, user), input);
}

/**
 * What a point-of-sale card payment's idempotency key is bound to: everything the technician's
 * request says (the amount, the tip, the invoice, the card's token, the customer).
 */
export const posCardFingerprint = (input: z.output<typeof cardPaymentSchema>) =>
  requestFingerprint('pos-card', {
    amountCents: toCents(input.amount),
    invoiceId: input.invoiceId,
    sourceId: input.sourceId,
    customerEmail: input.customerEmail,
    customerName: input.customerName,
    ...tipFingerprint(input.tip),
  });

/**
 * The tip in cents: a percentage is of the invoice's total (of the amount paid without an
 * invoice); never more than that total (a typed amount beyond it is a slip of the finger), 400.
 */
export function tipOf(
  tip: TipRule | null | undefined,
  invoiceTotalCents: number | null,
  amountCents: number,
) {
  const base = invoiceTotalCents ?? amountCents;
  const cents = tipCents(tip, base);
  if (cents > base)
    throw new AppError(
      400,
      invoiceTotalCents === null ? TIP_MESSAGES.overAmount : TIP_MESSAGES.overTotal,
    );
  return cents;
}

/**
 * Charges a card for the technician, optionally against one of their invoices: the point of
 * sale, and the customer paying a job's invoice from the request page (whose request, and so
 * `fingerprint`, is its own). The key answers its first outcome only to the same request; any
 * other is refused with 409 before anything is charged. A tip is charged in the same payment, on
 * top of the amount: the invoice counts the amount only (the tip is the technician's).
 */
export async function takeCardPayment(
  app: FastifyInstance,
  technicianId: number,
  input: z.output<typeof cardPaymentSchema>,
  fingerprint = posCardFingerprint(input),
) {
  const key = `pos:${technicianId}:${input.idempotencyKey}`;
  const amountCents = amountOf(input.amount);
  // A retry gets the first answer before any rule is judged (its invoice is paid by now).
  if (await findPaymentByKey(app.db, key)) return awaitOutcome(app, key, fingerprint, amountCents);
  // The technician's own account takes the payment (ADR 030).
  const { card, merchantId } = await technicianCard(app, technicianId);

  const claimed = await app.db
    .transaction(async (tx) => {
      const inv = input.invoiceId
        ? await payableInvoice(tx, technicianId, input.invoiceId, amountCents)
        : null;
      return claimPayment(tx, {
        invoiceId: inv?.id ?? null,
        technicianId,
        method: 'card',
        amountCents,
        tipCents: tipOf(input.tip, inv?.totalAmountCents ?? null, amountCents),
        status: 'processing',
        provider: card.name,
        merchantId,
        idempotencyKey: key,
        requestFingerprint: fingerprint,
        customerName: inv?.customerName ?? input.customerName ?? null,
        customerEmail: inv?.customerEmail ?? input.customerEmail ?? null,
      });
    })
    .catch(async (err: unknown) => {
      // A duplicate whose invoice the first attempt already paid: answer with that attempt.
      if (await findPaymentByKey(app.db, key)) return null;
      throw err;
    });
  // The key was claimed at the same moment (the unique key decides which request charges):
  // this one answers with the other's outcome, or 409 when it was another request.
  if (!claimed) return awaitOutcome(app, key, fingerprint, amountCents);

  const outcome = await chargeCard(app, card, claimed, key, input.sourceId);
  const row = await app.db.transaction((tx) => settleCard(app, tx, claimed, outcome));
  // Settled meanwhile by the reconciliation sweep: its outcome stands, counted once.
  if (!row) return awaitOutcome(app, key, fingerprint, amountCents);
  const [payment] = await paymentsOut(app.db, [row]);
  return cardOutcomeOut(row, payment!);
}

/**
 * The answer already given to a card payment with this key (scoped as `takeCardPayment` scopes
 * it) and this request's fingerprint, waiting while it is processing; null when the key was
 * never used, 409 when it was used for another request. For a caller whose amount follows from
 * the state (the balance of an invoice, zero once it is paid).
 */
export async function earlierCardPayment(
  app: FastifyInstance,
  technicianId: number,
  idempotencyKey: string,
  fingerprint: string,
) {
  const key = `pos:${technicianId}:${idempotencyKey}`;
  if (!(await findPaymentByKey(app.db, key))) return null;
  return awaitOutcome(app, key, fingerprint, null);
}

/**
 * The outcome of the payment that claimed `key` first (waits while it is processing); 409 when
 * that payment was claimed by another request (its fingerprint), or, for a payment claimed
 * before fingerprints were kept, when `amountCents` is given and differs from its amount.
 */
async function awaitOutcome(
  app: FastifyInstance,
  key: string,
  fingerprint: string,
  amountCents: number | null,
) {
  const sameRequest = (row: PaymentRow | undefined) => {
    if (!row) return row;
    if (row.requestFingerprint === null && amountCents !== null && row.amountCents !== amountCents)
      throw new AppError(409, IDEMPOTENCY_KEY_REUSED);
    return assertSameRequest(row, fingerprint);
  };
  // Checked on every read: another request is refused at once, not after the wait.
  const row = await awaitClaimedPayment(
    async () => sameRequest(await findPaymentByKey(app.db, key)),
    { onWait: () => app.metrics?.paymentRetryWaited() },
  );
  const [payment] = await paymentsOut(app.db, [row]);
  return cardOutcomeOut(row, payment!);
}
