import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { BRAND } from '../../../shared/brand';
import { centsToDecimal, formatCents, quoteTotals, toCents } from '../../../shared/money';
import { MAX_INT4 } from '../../../shared/schemas/common';
import type {
  cardPaymentSchema,
  createQuoteSchema,
  Invoice,
  PosPayment,
  PublicQuote,
  Quote,
  recordPaymentSchema,
} from '../../../shared/schemas/pos';
import type { DbOrTx } from '../../db/client';
import {
  invoicePayments,
  invoices,
  plans,
  quoteItems,
  quotes,
  subscriptions,
  technicians,
  users,
} from '../../db/schema';
import type { InvoiceItemSnapshot } from '../../db/schema/pos';
import { AppError } from '../../lib/app-error';
import { isUniqueViolation } from '../../lib/db-errors';
import { nextNumber } from '../../lib/document-numbers';
import { composeMail } from '../../lib/mailer';
import { ProviderError } from '../../lib/payments';
import { publicBaseUrl } from '../../lib/public-url';
import { assertOwnTechnician, type SessionUser } from '../../plugins/access';

/** The Professional plan's rank: the point of sale comes with it. */
const POS_PLAN_RANK = 3;
const APPROVAL_LINK_DAYS = 14;
export const POS_PLAN_REQUIRED = 'The point of sale is part of the Professional plan';

type QuoteRow = typeof quotes.$inferSelect;
type ItemRow = typeof quoteItems.$inferSelect;
type InvoiceRow = typeof invoices.$inferSelect;
type PaymentRow = typeof invoicePayments.$inferSelect;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const iso = (d: Date | null) => (d ? d.toISOString() : null);

function itemOut(i: Omit<InvoiceItemSnapshot, never> | ItemRow) {
  return {
    type: i.type,
    description: i.description,
    quantity: String(Number(i.quantity)),
    unitPrice: centsToDecimal(i.unitPriceCents),
    totalPrice: centsToDecimal(i.totalPriceCents),
    partNumber: i.partNumber ?? null,
    laborHours: i.laborHours == null ? null : String(Number(i.laborHours)),
  };
}

function quoteOut(q: QuoteRow, items: ItemRow[], invoiceId: number | null): Quote {
  return {
    id: q.id,
    quoteNumber: q.quoteNumber,
    technicianId: q.technicianId,
    customerName: q.customerName,
    customerEmail: q.customerEmail,
    customerPhone: q.customerPhone,
    vehicleInfo: { year: q.vehicleYear, make: q.vehicleMake, model: q.vehicleModel },
    vehicleYear: q.vehicleYear,
    vehicleMake: q.vehicleMake,
    vehicleModel: q.vehicleModel,
    vehicleVin: q.vehicleVin,
    vehicleMileage: q.vehicleMileage,
    notes: q.notes,
    items: items.sort((a, b) => a.position - b.position).map(itemOut),
    taxRate: Number(q.taxRate).toFixed(2),
    laborTotal: centsToDecimal(q.laborTotalCents),
    partsTotal: centsToDecimal(q.partsTotalCents),
    taxAmount: centsToDecimal(q.taxAmountCents),
    totalAmount: centsToDecimal(q.totalAmountCents),
    status: q.status,
    signature: q.signature,
    signedAt: iso(q.signedAt),
    invoiceId,
    createdAt: q.createdAt.toISOString(),
  };
}

function invoiceOut(i: InvoiceRow): Invoice {
  return {
    id: i.id,
    quoteId: i.quoteId,
    technicianId: i.technicianId,
    invoiceNumber: i.invoiceNumber,
    customerName: i.customerName,
    customerEmail: i.customerEmail,
    customerPhone: i.customerPhone,
    vehicleInfo: i.vehicleInfo,
    items: i.items.map(itemOut),
    laborTotal: centsToDecimal(i.laborTotalCents),
    partsTotal: centsToDecimal(i.partsTotalCents),
    taxAmount: centsToDecimal(i.taxAmountCents),
    totalAmount: centsToDecimal(i.totalAmountCents),
    paidAmount: centsToDecimal(i.paidAmountCents),
    balanceDue: centsToDecimal(Math.max(0, i.totalAmountCents - i.paidAmountCents)),
    status: i.status,
    paidAt: iso(i.paidAt),
    createdAt: i.createdAt.toISOString(),
  };
}

function paymentOut(p: PaymentRow, invoiceNumber: string | null): PosPayment {
  return {
    id: p.id,
    receiptNumber: p.receiptNumber,
    invoiceId: p.invoiceId,
    invoiceNumber,
    technicianId: p.technicianId,
    method: p.method,
    amount: centsToDecimal(p.amountCents),
    status: p.status,
    customerName: p.customerName,
    customerEmail: p.customerEmail,
    cardBrand: p.cardBrand,
    cardLast4: p.cardLast4,
    failureMessage: p.failureMessage,
    createdAt: p.createdAt.toISOString(),
  };
}

const vehicleText = (q: Pick<QuoteRow, 'vehicleYear' | 'vehicleMake' | 'vehicleModel'>) =>
  [q.vehicleYear, q.vehicleMake, q.vehicleModel].filter(Boolean).join(' ') || null;

export function createPosService(app: FastifyInstance) {
  const now = () => app.clock();

  /** The signed-in technician's id, when it may use the point of sale. */
  async function posTechnician(user: SessionUser | null): Promise<number> {
    if (user?.technicianId == null)
      throw new AppError(403, 'Only technicians can use the point of sale');
    const [plan] = await app.db
      .select({ rank: plans.rank })
      .from(subscriptions)
      .innerJoin(plans, eq(plans.id, subscriptions.planId))
      .where(
        and(
          eq(subscriptions.technicianId, user.technicianId),
          eq(subscriptions.status, 'active'),
          gte(plans.rank, POS_PLAN_RANK),
        ),
      )
      .limit(1);
    if (!plan) throw new AppError(403, POS_PLAN_REQUIRED);
    return user.technicianId;
  }

  async function loadQuote(db: DbOrTx, id: number) {
    const [q] = await db.select().from(quotes).where(eq(quotes.id, id));
    if (!q) throw new AppError(404, 'Quote not found');
    return q;
  }

  async function quotesOut(db: DbOrTx, rows: QuoteRow[]): Promise<Quote[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((r) => r.id);
    const [items, invs] = await Promise.all([
      db.select().from(quoteItems).where(inArray(quoteItems.quoteId, ids)),
      db
        .select({ id: invoices.id, quoteId: invoices.quoteId })
        .from(invoices)
        .where(inArray(invoices.quoteId, ids)),
    ]);
    const invoiceOf = new Map(invs.map((i) => [i.quoteId, i.id]));
    return rows.map((q) =>
      quoteOut(
        q,
        items.filter((i) => i.quoteId === q.id),
        invoiceOf.get(q.id) ?? null,
      ),
    );
  }

  async function settleInvoice(tx: DbOrTx, invoiceId: number, amountCents: number) {
    const [inv] = await tx
      .update(invoices)
      .set({ paidAmountCents: sql`${invoices.paidAmountCents} + ${amountCents}` })
      .where(eq(invoices.id, invoiceId))
      .returning();
    if (inv && inv.paidAmountCents >= inv.totalAmountCents && inv.status !== 'paid') {
      await tx
        .update(invoices)
        .set({ status: 'paid', paidAt: now() })
        .where(eq(invoices.id, invoiceId));
    }
  }

  /**
   * The invoice a payment is for: the technician's own, not yet paid, the amount within the
   * balance. Card payments still `processing` count as paid: the check runs under the invoice's
   * row lock, and the caller inserts its own payment before the lock is released, so parallel
   * payments (whatever their idempotency keys) can never add up to more than the invoice.
   */
  async function payableInvoice(
    tx: DbOrTx,
    technicianId: number,
    invoiceId: number,
    amountCents: number,
  ) {
    const [inv] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
    if (!inv) throw new AppError(404, 'Invoice not found');
    if (inv.technicianId !== technicianId)
      throw new AppError(403, 'This invoice belongs to another technician');
    if (inv.status === 'paid' || inv.paidAmountCents >= inv.totalAmountCents)
      throw new AppError(409, 'This invoice is already paid');
    const [inFlight] = await tx
      .select({ cents: sql<string>`coalesce(sum(${invoicePayments.amountCents}), 0)` })
      .from(invoicePayments)
      .where(and(eq(invoicePayments.invoiceId, inv.id), eq(invoicePayments.status, 'processing')));
    const balance = inv.totalAmountCents - inv.paidAmountCents - Number(inFlight?.cents ?? 0);
    if (balance <= 0)
      throw new AppError(
        409,
        'This invoice is already paid: a payment for the rest of it is processing',
      );
    if (amountCents > balance)
      throw new AppError(
        409,
        Number(inFlight?.cents ?? 0) > 0
          ? `Amount exceeds the balance due of ${formatCents(balance)} (counting payments still processing)`
          : `Amount exceeds the balance due of ${formatCents(balance)}`,
      );
    return inv;
  }

  async function paymentsOut(db: DbOrTx, rows: PaymentRow[]) {
    const ids = [...new Set(rows.map((r) => r.invoiceId).filter((x): x is number => x !== null))];
    const numbers = ids.length
      ? await db
          .select({ id: invoices.id, n: invoices.invoiceNumber })
          .from(invoices)
          .where(inArray(invoices.id, ids))
      : [];
    const byId = new Map(numbers.map((x) => [x.id, x.n]));
    return rows.map((p) => paymentOut(p, p.invoiceId ? (byId.get(p.invoiceId) ?? null) : null));
  }

  async function sendMail(to: string, template: string, subject: string, paragraphs: string[]) {
    const sent = await app.mailer.send({ to, template, subject, ...composeMail(paragraphs) });
    if (app.config.smtpUrl && !sent.delivered)
      throw new AppError(
        502,
        'The e-mail could not be delivered. Please check email configuration.',
      );
  }

  return {
    posTechnician,

    async listQuotes(user: SessionUser | null, technicianId: number) {
      assertOwnTechnician(user, technicianId);
      if (user?.role !== 'admin') await posTechnician(user);
      const rows = await app.db
        .select()
        .from(quotes)
        .where(eq(quotes.technicianId, technicianId))
        .orderBy(desc(quotes.createdAt), desc(quotes.id))
        .limit(200);
      return quotesOut(app.db, rows);
    },

    async createQuote(user: SessionUser | null, input: z.output<typeof createQuoteSchema>) {
      const technicianId = await posTechnician(user);
      const lines = input.items.map((i) => ({
        type: i.type,
        quantity: i.quantity,
        unitPriceCents: toCents(i.unitPrice),
      }));
      const totals = quoteTotals(lines, input.taxRate);
      if (totals.totalAmountCents > MAX_INT4)
        throw new AppError(400, 'The quote total is too large');
      const created = await app.db.transaction(async (tx) => {
        const quoteNumber = await nextNumber(tx, 'quote', now());
        const [q] = await tx
          .insert(quotes)
          .values({
            quoteNumber,
            technicianId,
            customerName: input.customerName,
            customerEmail: input.customerEmail,
            customerPhone: input.customerPhone,
            vehicleYear: input.vehicleYear,
            vehicleMake: input.vehicleMake,
            vehicleModel: input.vehicleModel,
            vehicleVin: input.vehicleVin,
            vehicleMileage: input.vehicleMileage,
            notes: input.notes,
            taxRate: input.taxRate.toFixed(2),
            laborTotalCents: totals.laborTotalCents,
            partsTotalCents: totals.partsTotalCents,
            taxAmountCents: totals.taxAmountCents,
            totalAmountCents: totals.totalAmountCents,
          })
          .returning();
        await tx.insert(quoteItems).values(
          input.items.map((i, position) => ({
            quoteId: q!.id,
            position,
            type: i.type,
            description: i.description,
            quantity: String(i.quantity),
            unitPriceCents: lines[position]!.unitPriceCents,
            totalPriceCents: totals.lineTotalsCents[position]!,
            partNumber: i.type === 'part' ? i.partNumber : null,
            laborHours: i.type === 'labor' && i.laborHours != null ? String(i.laborHours) : null,
          })),
        );
        return q!;
      });
      return (await quotesOut(app.db, [created]))[0]!;
    },

    async approveQuote(user: SessionUser | null, id: number, signature: string) {
      const technicianId = await posTechnician(user);
      const q = await loadQuote(app.db, id);
      if (q.technicianId !== technicianId)
        throw new AppError(403, 'This quote belongs to another technician');
      return this.sign(q, signature);
    },

    /** Stores the customer's signature and approves a draft quote. */
    async sign(q: QuoteRow, signature: string) {
      if (q.status === 'approved') throw new AppError(409, 'This quote is already approved');
      const [row] = await app.db
        .update(quotes)
        .set({ status: 'approved', signature, signedAt: now() })
        .where(and(eq(quotes.id, q.id), eq(quotes.status, 'draft')))
        .returning();
      if (!row) throw new AppError(409, 'This quote is already approved');
      return (await quotesOut(app.db, [row]))[0]!;
    },

    async emailQuote(
      user: SessionUser | null,
      input: { quoteId: number; customerEmail: string; customerName?: string | null },
    ) {
      const technicianId = await posTechnician(user);
      const q = await loadQuote(app.db, input.quoteId);
      if (q.technicianId !== technicianId)
        throw new AppError(403, 'This quote belongs to another technician');
      const token = randomBytes(32).toString('base64url');
      const expires = new Date(now().getTime() + APPROVAL_LINK_DAYS * 86_400_000);
      await app.db
        .update(quotes)
        .set({
          approvalTokenHash: hashToken(token),
          approvalTokenExpiresAt: expires,
          customerEmail: q.customerEmail ?? input.customerEmail,
        })
        .where(eq(quotes.id, q.id));
      const [full] = await quotesOut(app.db, [q]);
      const link = `${publicBaseUrl(app.config)}/quote-approval/${token}`;
      await sendMail(
        input.customerEmail,
        'pos_quote',
        `Your quote ${q.quoteNumber} from ${BRAND.name}`,
        [
          `Hi ${input.customerName || q.customerName},`,
          `Here is your quote ${q.quoteNumber}${vehicleText(q) ? ` for your ${vehicleText(q)}` : ''}.`,
          full!.items
            .map((i) => `${i.description} (${i.quantity} x $${i.unitPrice}): $${i.totalPrice}`)
            .join('\n'),
          `Labor: $${full!.laborTotal}\nParts: $${full!.partsTotal}\nTax (${full!.taxRate}%): $${full!.taxAmount}\nTotal: $${full!.totalAmount}`,
          q.status === 'draft'
            ? `Review and sign it on your own device (the link works for ${APPROVAL_LINK_DAYS} days):\n${link}`
            : 'This quote is already approved. Thank you!',
        ],
      );
      return { message: 'Quote emailed' };
    },

    /** The public remote-approval page: the quote behind an unexpired token. */
    async quoteByToken(token: string): Promise<{ q: QuoteRow; view: PublicQuote }> {
      const [row] = await app.db
        .select({ q: quotes, first: users.firstName, last: users.lastName })
        .from(quotes)
        .innerJoin(technicians, eq(technicians.id, quotes.technicianId))
        .innerJoin(users, eq(users.id, technicians.userId))
        .where(eq(quotes.approvalTokenHash, hashToken(token)));
      if (!row || !row.q.approvalTokenExpiresAt || row.q.approvalTokenExpiresAt <= now())
        throw new AppError(404, 'This quote link is invalid or has expired');
      const [full] = await quotesOut(app.db, [row.q]);
      return {
        q: row.q,
        view: {
          quoteNumber: full!.quoteNumber,
          technicianName: `${row.first} ${row.last}`.trim(),
          customerName: full!.customerName,
          vehicleInfo: full!.vehicleInfo,
          items: full!.items,
          taxRate: full!.taxRate,
          laborTotal: full!.laborTotal,
          partsTotal: full!.partsTotal,
          taxAmount: full!.taxAmount,
          totalAmount: full!.totalAmount,
          notes: full!.notes,
          status: full!.status,
          expiresAt: row.q.approvalTokenExpiresAt.toISOString(),
          createdAt: full!.createdAt,
        },
      };
    },

    async listInvoices(user: SessionUser | null, technicianId: number) {
      assertOwnTechnician(user, technicianId);
      if (user?.role !== 'admin') await posTechnician(user);
      const rows = await app.db
        .select()
        .from(invoices)
        .where(eq(invoices.technicianId, technicianId))
        .orderBy(desc(invoices.createdAt), desc(invoices.id))
        .limit(200);
      return rows.map(invoiceOut);
    },

    async createInvoice(user: SessionUser | null, quoteId: number) {
      const technicianId = await posTechnician(user);
      const q = await loadQuote(app.db, quoteId);
      if (q.technicianId !== technicianId)
        throw new AppError(403, 'This quote belongs to another technician');
      if (q.status !== 'approved')
        throw new AppError(409, 'Only an approved (signed) quote can be invoiced');
      const [full] = await quotesOut(app.db, [q]);
      if (full!.invoiceId) throw new AppError(409, 'This quote already has an invoice');
      const items = await app.db.select().from(quoteItems).where(eq(quoteItems.quoteId, q.id));
      try {
        const invoiceNumber = await nextNumber(app.db, 'invoice', now());
        const [row] = await app.db
          .insert(invoices)
          .values({
            invoiceNumber,
            quoteId: q.id,
            technicianId,
            customerName: q.customerName,
            customerEmail: q.customerEmail,
            customerPhone: q.customerPhone,
            vehicleInfo: vehicleText(q),
            items: items
              .sort((a, b) => a.position - b.position)
              .map((i) => ({
                type: i.type,
                description: i.description,
                quantity: i.quantity,
                unitPriceCents: i.unitPriceCents,
                totalPriceCents: i.totalPriceCents,
                partNumber: i.partNumber,
                laborHours: i.laborHours,
              })),
            laborTotalCents: q.laborTotalCents,
            partsTotalCents: q.partsTotalCents,
            taxAmountCents: q.taxAmountCents,
            totalAmountCents: q.totalAmountCents,
          })
          .returning();
        return invoiceOut(row!);
      } catch (err) {
        if (isUniqueViolation(err, 'invoices_quote_id_unique'))
          throw new AppError(409, 'This quote already has an invoice');
        throw err;
      }
    },

    /** Cash, check or digital wallet: recorded as taken, settling the invoice. */
    async recordPayment(user: SessionUser | null, input: z.output<typeof recordPaymentSchema>) {
      const technicianId = await posTechnician(user);
      const amountCents = toCents(input.amount);
      if (amountCents < 1) throw new AppError(400, 'Amount must be at least $0.01');
      const row = await app.db.transaction(async (tx) => {
        const inv = input.invoiceId
          ? await payableInvoice(tx, technicianId, input.invoiceId, amountCents)
          : null;
        const receiptNumber = await nextNumber(tx, 'receipt', now());
        const [p] = await tx
          .insert(invoicePayments)
          .values({
            invoiceId: inv?.id ?? null,
            technicianId,
            method: input.method,
            amountCents,
            status: 'succeeded',
            receiptNumber,
            customerName: input.customerName || inv?.customerName || null,
            customerEmail: input.customerEmail || inv?.customerEmail || null,
          })
          .returning();
        if (inv) await settleInvoice(tx, inv.id, amountCents);
        return p!;
      });
      return (await paymentsOut(app.db, [row]))[0]!;
    },

    /**
     * A card charged through the provider. The idempotency key is claimed by a row first, so
     * the same key never charges twice, even when duplicates arrive at once: later ones wait
     * for the first to settle and answer with its outcome.
     */
    async cardPayment(user: SessionUser | null, input: z.output<typeof cardPaymentSchema>) {
      const technicianId = await posTechnician(user);
      const card = app.payments.card;
      if (!card) throw new AppError(503, 'Payment processing is not configured.');
      const amountCents = toCents(input.amount);
      if (amountCents < 1) throw new AppError(400, 'Amount must be at least $0.01');
      const key = `pos:${technicianId}:${input.idempotencyKey}`;

      const claimed = await app.db
        .transaction(async (tx) => {
          const inv = input.invoiceId
            ? await payableInvoice(tx, technicianId, input.invoiceId, amountCents)
            : null;
          const receiptNumber = await nextNumber(tx, 'receipt', now());
          const [r] = await tx
            .insert(invoicePayments)
            .values({
              invoiceId: inv?.id ?? null,
              technicianId,
              method: 'card',
              amountCents,
              status: 'processing',
              provider: card.name,
              idempotencyKey: key,
              receiptNumber,
              customerName: inv?.customerName ?? input.customerName ?? null,
              customerEmail: inv?.customerEmail ?? input.customerEmail ?? null,
            })
            .onConflictDoNothing({ target: invoicePayments.idempotencyKey })
            .returning();
          return r ?? null;
        })
        .catch(async (err: unknown) => {
          // A duplicate whose invoice the first attempt already paid: answer with that attempt.
          const [existing] = await app.db
            .select()
            .from(invoicePayments)
            .where(eq(invoicePayments.idempotencyKey, key));
          if (existing) return null;
          throw err;
        });

      if (!claimed) return this.awaitOutcome(key, amountCents);

      let status: 'succeeded' | 'failed' = 'failed';
      let failureMessage: string | null = null;
      let providerPaymentId: string | null = null;
      let cardBrand: string | null = null;
      let cardLast4: string | null = null;
      try {
        const result = await card.charge({
          sourceId: input.sourceId,
          amountCents,
          currency: 'USD',
          idempotencyKey: key,
          note: `${BRAND.name} receipt ${claimed.receiptNumber}`,
          buyerEmail: claimed.customerEmail ?? undefined,
        });
        providerPaymentId = result.providerPaymentId ?? null;
        cardBrand = result.cardBrand ?? null;
        cardLast4 = result.last4 ?? null;
        if (result.status === 'succeeded') status = 'succeeded';
        else failureMessage = result.message;
      } catch (err) {
        failureMessage =
          err instanceof ProviderError ? err.message : 'The payment provider could not be reached';
        app.log.error({ err }, 'card payment failed');
      }
      const row = await app.db.transaction(async (tx) => {
        // The invoice first, as every payment transaction locks it: a duplicate holding it while
        // it checks the idempotency key would otherwise wait on this row and deadlock.
        if (claimed.invoiceId)
          await tx
            .select({ id: invoices.id })
            .from(invoices)
            .where(eq(invoices.id, claimed.invoiceId))
            .for('update');
        const [r] = await tx
          .update(invoicePayments)
          .set({ status, failureMessage, providerPaymentId, cardBrand, cardLast4 })
          .where(and(eq(invoicePayments.id, claimed.id), eq(invoicePayments.status, 'processing')))
          .returning();
        // Settled meanwhile by the reconciliation sweep: its outcome stands, counted once.
        if (!r) return null;
        if (status === 'succeeded' && claimed.invoiceId)
          await settleInvoice(tx, claimed.invoiceId, amountCents);
        return r;
      });
      if (!row) return this.awaitOutcome(key, amountCents);
      const [payment] = await paymentsOut(app.db, [row]);
      return status === 'succeeded'
        ? { success: true, payment: payment! }
        : { success: false, message: failureMessage ?? 'The card was declined', payment: payment! };
    },

    /** The outcome of the payment that claimed `key` first (waits while it is processing). */
    async awaitOutcome(key: string, amountCents: number) {
      for (let waited = 0; ; waited += 50) {
        const [row] = await app.db
          .select()
          .from(invoicePayments)
          .where(eq(invoicePayments.idempotencyKey, key));
        if (!row) throw new AppError(409, 'This payment could not be found. Please try again.');
        if (row.amountCents !== amountCents)
          throw new AppError(409, 'This idempotency key was used for a different amount');
        if (row.status !== 'processing') {
          const [payment] = await paymentsOut(app.db, [row]);
          return row.status === 'succeeded'
            ? { success: true, payment: payment! }
            : {
                success: false,
                message: row.failureMessage ?? 'The card was declined',
                payment: payment!,
              };
        }
        if (waited > 30_000) throw new AppError(409, 'This payment is still processing');
        await new Promise((r) => setTimeout(r, 50));
      }
    },

    async listPayments(user: SessionUser | null, technicianId: number) {
      assertOwnTechnician(user, technicianId);
      if (user?.role !== 'admin') await posTechnician(user);
      const rows = await app.db
        .select()
        .from(invoicePayments)
        .where(eq(invoicePayments.technicianId, technicianId))
        .orderBy(desc(invoicePayments.createdAt), desc(invoicePayments.id))
        .limit(200);
      return paymentsOut(app.db, rows);
    },

    /** One receipt: the payment, its invoice when there is one, and who took it. */
    async receipt(user: SessionUser | null, paymentId: number) {
      const [row] = await app.db
        .select({
          p: invoicePayments,
          first: users.firstName,
          last: users.lastName,
          phone: users.phone,
        })
        .from(invoicePayments)
        .innerJoin(technicians, eq(technicians.id, invoicePayments.technicianId))
        .innerJoin(users, eq(users.id, technicians.userId))
        .where(eq(invoicePayments.id, paymentId));
      if (!row) throw new AppError(404, 'Receipt not found');
      assertOwnTechnician(user, row.p.technicianId);
      const [payment] = await paymentsOut(app.db, [row.p]);
      const [inv] = row.p.invoiceId
        ? await app.db.select().from(invoices).where(eq(invoices.id, row.p.invoiceId))
        : [];
      return {
        payment: payment!,
        invoice: inv ? invoiceOut(inv) : null,
        technician: { name: `${row.first} ${row.last}`.trim(), phone: row.phone },
      };
    },

    async emailReceipt(
      user: SessionUser | null,
      input: {
        invoiceId?: number | null;
        paymentId?: number | null;
        customerEmail: string;
        customerName?: string | null;
      },
    ) {
      const technicianId = await posTechnician(user);
      let rows: PaymentRow[];
      let inv: InvoiceRow | undefined;
      if (input.paymentId) {
        rows = await app.db
          .select()
          .from(invoicePayments)
          .where(eq(invoicePayments.id, input.paymentId));
        if (rows[0]?.invoiceId)
          [inv] = await app.db.select().from(invoices).where(eq(invoices.id, rows[0].invoiceId));
      } else if (input.invoiceId) {
        [inv] = await app.db.select().from(invoices).where(eq(invoices.id, input.invoiceId));
        rows = inv
          ? await app.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, inv.id))
          : [];
        if (!inv) throw new AppError(404, 'Invoice not found');
      } else throw new AppError(400, 'Give the invoice or the payment to send a receipt for');
      if (rows.length === 0 && !inv) throw new AppError(404, 'Receipt not found');
      const owner = inv?.technicianId ?? rows[0]!.technicianId;
      if (owner !== technicianId)
        throw new AppError(403, 'This receipt belongs to another technician');
      const paid = rows.filter((r) => r.status === 'succeeded');
      await sendMail(
        input.customerEmail,
        'pos_receipt',
        `Your receipt from ${BRAND.name}${inv ? ` for ${inv.invoiceNumber}` : ''}`,
        [
          `Hi ${input.customerName || inv?.customerName || 'there'},`,
          'Thank you for your payment.',
          paid.length
            ? paid
                .map(
                  (p) =>
                    `${p.receiptNumber} · ${p.createdAt.toISOString().slice(0, 10)} · ${p.method} · ${formatCents(p.amountCents)}`,
                )
                .join('\n')
            : 'No payment has been recorded yet.',
          inv
            ? `Invoice ${inv.invoiceNumber}: total ${formatCents(inv.totalAmountCents)}, paid ${formatCents(inv.paidAmountCents)}, balance ${formatCents(Math.max(0, inv.totalAmountCents - inv.paidAmountCents))}.`
            : '',
        ].filter(Boolean),
      );
      return { message: 'Receipt emailed' };
    },
  };
}
export type PosService = ReturnType<typeof createPosService>;
