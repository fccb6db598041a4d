import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPaymentSchema,
  changePlanSchema,
  createSubscriptionSchema,
  currentSubscriptionSchema,
  paymentRecordSchema,
  softwareListSchema,
  upgradeNowSchema,
  upgradeQuoteSchema,
  walletOrderSchema,
} from '../../../shared/schemas/billing';
import { errorResponseSchema, idParamSchema } from '../../../shared/schemas/common';
import { escapeHtml } from '../../lib/mailer';
import type { BillingService } from './billing.service';

const pageParams = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

/**
 * How technicians pay us: plans by card (card provider) or wallet, their lifecycle, payment
 * history, and the plan-gated software catalogue.
 */
export const billingRoutes: FastifyPluginAsyncZod<{ service: BillingService }> = async (
  app,
  { service },
) => {
  const errors = {
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
    502: errorResponseSchema,
    503: errorResponseSchema,
  };
  const tags = ['billing'];
  const technician = { access: 'technician' as const };

  app.post(
    '/api/square/create-subscription',
    {
      config: technician,
      schema: {
        tags,
        body: createSubscriptionSchema,
        response: {
          200: z.object({ ok: z.literal(true), message: z.string(), paymentId: z.number() }),
          402: z.object({ ok: z.literal(false), message: z.string() }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const r = await service.subscribeWithCard(request.user, request.body);
      return r.ok
        ? { ok: true as const, message: r.message, paymentId: r.payment.id }
        : reply.status(402).send({ ok: false as const, message: r.message });
    },
  );

  app.get(
    '/api/paypal/setup',
    {
      config: technician,
      schema: {
        tags,
        response: {
          200: z.object({
            clientToken: z.string(),
            clientId: z.string().optional(),
            scriptUrl: z.string().optional(),
          }),
          ...errors,
        },
      },
    },
    async () => service.walletSetup(),
  );

  app.post(
    '/api/paypal/order',
    {
      config: technician,
      schema: {
        tags,
        body: walletOrderSchema,
        response: { 200: z.object({ id: z.string(), status: z.string() }), ...errors },
      },
    },
    async (request) => service.walletOrder(request.user, request.body),
  );

  app.post(
    '/api/paypal/order/:orderId/capture',
    {
      config: technician,
      schema: {
        tags,
        params: z.object({ orderId: z.string().min(1).max(100) }),
        response: {
          200: z.object({ status: z.string(), id: z.string(), message: z.string().optional() }),
          ...errors,
        },
      },
    },
    async (request) => service.walletCapture(request.user, request.params.orderId),
  );

  app.get(
    '/api/subscriptions/current',
    {
      config: technician,
      schema: { tags, response: { 200: currentSubscriptionSchema, ...errors } },
    },
    async (request) => service.current(request.user),
  );

  app.post(
    '/api/subscriptions/change',
    {
      config: technician,
      schema: {
        tags,
        body: changePlanSchema,
        response: { 200: currentSubscriptionSchema, ...errors },
      },
    },
    async (request) => service.changePlan(request.user, request.body.planName),
  );

  // An upgrade that takes effect at once: the prorated amount is quoted, then confirmed.
  app.post(
    '/api/subscriptions/upgrade/quote',
    {
      config: technician,
      schema: { tags, body: changePlanSchema, response: { 200: upgradeQuoteSchema, ...errors } },
    },
    async (request) => service.quoteUpgrade(request.user, request.body.planName),
  );

  app.post(
    '/api/subscriptions/upgrade',
    {
      config: technician,
      schema: {
        tags,
        body: upgradeNowSchema,
        response: {
          200: z.object({
            ok: z.literal(true),
            message: z.string(),
            paymentId: z.number().nullable(),
          }),
          402: z.object({ ok: z.literal(false), message: z.string() }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const r = await service.upgradeNow(request.user, request.body);
      return r.ok
        ? { ok: true as const, message: r.message, paymentId: r.payment?.id ?? null }
        : reply.status(402).send({ ok: false as const, message: r.message });
    },
  );

  app.post(
    '/api/subscriptions/cancel',
    {
      config: technician,
      schema: { tags, response: { 200: currentSubscriptionSchema, ...errors } },
    },
    async (request) => service.cancel(request.user),
  );

  app.post(
    '/api/subscriptions/resume',
    {
      config: technician,
      schema: { tags, response: { 200: currentSubscriptionSchema, ...errors } },
    },
    async (request) => service.cancel(request.user, true),
  );

  app.get(
    '/api/payment/history/:page',
    {
      config: technician,
      schema: {
        tags,
        params: pageParams,
        response: { 200: z.array(paymentRecordSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { items, total } = await service.history(request.user, request.params.page);
      reply.header('x-total-count', String(total));
      return items;
    },
  );

  app.get(
    '/api/payment/history.csv',
    { config: technician, schema: { tags, response: { 200: z.string(), ...errors } } },
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
      schema: { tags, params: idParamSchema, response: { 200: z.string(), ...errors } },
    },
    async (request, reply) => {
      const { p, first, last, email } = await service.receipt(request.user, request.params.id);
      const label = {
        succeeded: 'Paid',
        processing: 'Processing',
        requires_payment_method: 'Payment Required',
        failed: 'Failed',
      }[p.status];
      const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Receipt ${escapeHtml(p.receiptNumber)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:560px;margin:40px auto;padding:0 16px;color:#0f172a}dl{display:grid;grid-template-columns:max-content 1fr;gap:6px 16px}dt{color:#64748b}</style></head>
<body><h1>Wrenchly receipt</h1><dl>
<dt>Receipt</dt><dd>${escapeHtml(p.receiptNumber)}</dd>
<dt>Date</dt><dd>${escapeHtml(p.createdAt.toISOString().slice(0, 10))}</dd>
<dt>Billed to</dt><dd>${escapeHtml(`${first} ${last}`)} (${escapeHtml(email)})</dd>
<dt>Description</dt><dd>${escapeHtml(p.description)}</dd>
<dt>Amount</dt><dd>$${(p.amountCents / 100).toFixed(2)} ${escapeHtml(p.currency)}</dd>
<dt>Status</dt><dd>${escapeHtml(label)}</dd>
</dl><p><button onclick="window.print()">Print</button></p></body></html>`;
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

  app.get(
    '/api/software',
    { config: { access: 'public' }, schema: { tags, response: { 200: softwareListSchema } } },
    async (request) => service.catalogue(request.user),
  );

  app.get(
    '/api/software/:slug/download',
    {
      config: { access: 'signed-in' },
      schema: {
        tags,
        params: z.object({ slug: z.string().min(1).max(100) }),
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const file = await service.download(request.user, request.params.slug);
      return reply
        .type('text/plain; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.body);
    },
  );
};
