import { z } from 'zod';
import { centsToDecimal } from '@shared/money';
import {
  adminPaymentSchema,
  PAYMENT_HISTORY_HEADERS as H,
  paymentHistoryQuerySchema,
  paymentRecordSchema,
} from '@shared/schemas/billing';
import { idParamSchema } from '@shared/schemas/common';
import { receiptHtml } from '../billing.presenters';
import { errors, pageParams, tags, technician, type BillingApp } from '../billing.route-options';
import type { BillingService } from '../billing.service';

/** Payment history (page, CSV, receipts) for technicians, and every payment for admins. */
export function historyRoutes(app: BillingApp, service: BillingService) {
  // The spec's list of records, one page (`pageSize` 10, 20 or 50); totals over the whole
  // history in headers (ADR 017).
  app.get(
    '/api/payment/history/:page',
    {
      config: technician,
      schema: {
        summary: 'Your plan payments, one page',
        operationId: 'listPaymentHistory',
        tags,
        params: pageParams,
        querystring: paymentHistoryQuerySchema,
        response: { 200: z.array(paymentRecordSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { pageSize } = request.query;
      const { items, totals } = await service.history(request.user, request.params.page, pageSize);
      reply
        .header(H.total, String(totals.count))
        .header(H.paid, centsToDecimal(totals.paidCents))
        .header(H.pending, centsToDecimal(totals.pendingCents))
        .header(H.pageSize, String(pageSize));
      return items;
    },
  );

  app.get(
    '/api/payment/history.csv',
    {
      config: technician,
      schema: {
        summary: 'Export your plan payments as CSV',
        operationId: 'exportPaymentHistoryCsv',
        tags,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="payment-history.csv"')
        .send(await service.historyCsv(request.user)),
  );

  // A printable receipt page for one plan payment.
  app.get(
    '/api/payment/receipts/:id',
    {
      config: technician,
      schema: {
        summary: 'A printable receipt for a plan payment',
        operationId: 'getPaymentReceipt',
        tags,
        params: idParamSchema,
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const html = receiptHtml(await service.receipt(request.user, request.params.id));
      return reply
        .type('text/html; charset=utf-8')
        .header(
          'content-security-policy',
          "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'",
        )
        .send(html);
    },
  );

  app.get(
    '/api/admin/payments',
    {
      config: { access: 'admin' },
      schema: {
        summary: 'List plan payments (admin)',
        operationId: 'adminListPayments',
        tags,
        querystring: pageParams,
        response: { 200: z.array(adminPaymentSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { items, total } = await service.adminPayments(request.query.page);
      reply.header('x-total-count', String(total));
      return items;
    },
  );
}
