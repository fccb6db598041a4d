import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type {
  approveQuoteSchema,
  cardPaymentSchema,
  createInvoiceSchema,
  createQuoteSchema,
  recordPaymentSchema,
  updateQuoteSchema,
} from '@shared/schemas/pos';
import type { RequestDocuments } from '../../domain/request-documents';
import type { SessionUser } from '../../infra/session';
import { posTechnician } from './pos.access';
import { createInvoice, listInvoices } from './invoices/pos.invoices';
import {
  cardPayment,
  earlierCardPayment,
  listPayments,
  recordPayment,
  takeCardPayment,
} from './payments/pos.payments';
import { findInvoice, findQuote, type QuoteRow } from './pos.queries';
import {
  createQuote,
  emailQuote,
  listQuotes,
  quoteByToken,
  quotesOut,
  sendQuote,
  updateQuote,
} from './quotes/pos.quotes';
import { emailReceipt, receipt } from './invoices/pos.receipts';
import { claimJobDepositRefunds, refundPayment, runRefunds } from './payments/pos.refunds';
import { approveQuote, signQuote, type SigningContext } from './quotes/pos.signing';

export { POS_PLAN_REQUIRED } from './pos.access';
export { registerDocumentAttachments } from './documents/pos.documents';

type User = SessionUser | null;

/**
 * The point of sale's operations bound to the app, for the routes. The rules live in
 * pos.quotes / pos.invoices / pos.payments / pos.receipts, the SQL in pos.queries.
 */
export function createPosService(app: FastifyInstance) {
  return {
    posTechnician: (user: User) => posTechnician(app, user),

    listQuotes: (user: User, technicianId: number) => listQuotes(app, user, technicianId),
    createQuote: (user: User, input: z.output<typeof createQuoteSchema>) =>
      createQuote(app, user, input),
    updateQuote: (user: User, id: number, input: z.output<typeof updateQuoteSchema>) =>
      updateQuote(app, user, id, input),
    approveQuote: (
      user: User,
      id: number,
      body: z.output<typeof approveQuoteSchema>,
      context: SigningContext,
    ) => approveQuote(app, user, id, body, context),
    /** Stores the customer's signature (and takes the deposit) and approves a draft quote. */
    sign: (q: QuoteRow, body: z.output<typeof approveQuoteSchema>, context: SigningContext) =>
      signQuote(app, q, body, context),
    emailQuote: (user: User, input: Parameters<typeof emailQuote>[2]) =>
      emailQuote(app, user, input),
    /** 'Send to customer': draft to sent (the approval link e-mailed), or the same link again. */
    sendQuote: (user: User, id: number, input: Parameters<typeof sendQuote>[3]) =>
      sendQuote(app, user, id, input),
    quoteByToken: (token: string, purpose?: 'view' | 'sign') => quoteByToken(app, token, purpose),

    listInvoices: (user: User, technicianId: number) => listInvoices(app, user, technicianId),
    createInvoice: (user: User, input: z.output<typeof createInvoiceSchema>) =>
      createInvoice(app, user, input),

    recordPayment: (user: User, input: z.output<typeof recordPaymentSchema>) =>
      recordPayment(app, user, input),
    cardPayment: (user: User, input: z.output<typeof cardPaymentSchema>) =>
      cardPayment(app, user, input),
    listPayments: (user: User, technicianId: number) => listPayments(app, user, technicianId),
    refundPayment: (user: User, paymentId: number, idempotencyKey: string) =>
      refundPayment(app, user, paymentId, idempotencyKey),

    receipt: (user: User, paymentId: number) => receipt(app, user, paymentId),
    emailReceipt: (user: User, input: Parameters<typeof emailReceipt>[2]) =>
      emailReceipt(app, user, input),
  };
}
export type PosService = ReturnType<typeof createPosService>;

/**
 * The point of sale's part in a job (src/server/domain/request-documents.ts), for the service
 * requests feature.
 */
export function createRequestDocuments(app: FastifyInstance): RequestDocuments {
  return {
    quotesOut: (rows) => quotesOut(app.db, rows),
    findQuote: (id) => findQuote(app.db, id),
    sign: (q, body, context) => signQuote(app, q, body, context),
    findInvoice: (id) => findInvoice(app.db, id),
    // The card payments themselves, bound to the app: the request page's payment calls the
    // point of sale's charge directly.
    takeCardPayment: takeCardPayment.bind(null, app),
    earlierCardPayment: earlierCardPayment.bind(null, app),
    claimDepositRefunds: (tx, serviceRequestId, technicianId, reason) =>
      claimJobDepositRefunds(tx, serviceRequestId, technicianId, reason),
    runRefunds: (ids) => runRefunds(app, ids),
  };
}
