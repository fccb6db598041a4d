import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  paymentsConfigSchema,
  sandboxTokenizeSchema,
  sandboxTokenResponseSchema,
} from '@shared/schemas/payments';
import { cardFormConfigFor } from '../../domain/payment-accounts';
import { walletConfigFor } from '../../domain/wallet-accounts';
import { dbId } from '@shared/schemas/common';
import { AppError } from '../../infra/app-error';
import { errorResponsesFor } from '../../infra/route-errors';

/** Which payment methods are configured, and the built-in sandbox's card form and wallet. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/payments/config',
    {
      config: { access: 'public' },
      schema: {
        summary: 'Which payment providers are configured',
        operationId: 'getPaymentsConfig',
        tags: ['payments'],
        // Whose card form: a technician's own account takes their customers' cards (ADR 030).
        querystring: z.object({ technicianId: dbId().optional() }),
        response: {
          200: paymentsConfigSchema,
          ...errorResponsesFor(400),
        },
      },
    },
    async (request) => ({
      card: request.query.technicianId
        ? await cardFormConfigFor(app, request.query.technicianId)
        : (app.payments.card?.cardFormConfig() ?? null),
      // Paying a technician, only their own connected wallet account is offered (ADR 030).
      wallet: request.query.technicianId
        ? await walletConfigFor(app, request.query.technicianId)
        : app.payments.wallet
          ? { provider: app.payments.wallet.name }
          : null,
    }),
  );

  const sandbox = app.payments.sandbox;
  if (!sandbox) return;

  app.post(
    '/api/payments/sandbox/tokenize',
    {
      config: { access: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        summary: 'Tokenize a test card (sandbox payments)',
        operationId: 'sandboxTokenizeCard',
        tags: ['payments'],
        body: sandboxTokenizeSchema,
        response: { 200: sandboxTokenResponseSchema, ...errorResponsesFor(400) },
      },
    },
    async (request) => {
      const result = sandbox.tokenize(request.body);
      if ('error' in result) throw new AppError(400, result.error);
      return result;
    },
  );

  app.post(
    '/api/payments/sandbox/orders/:orderId/approve',
    {
      config: { access: 'signed-in' },
      schema: {
        summary: 'Approve a test wallet order (sandbox payments)',
        operationId: 'sandboxApproveOrder',
        tags: ['payments'],
        params: z.object({ orderId: z.string().max(64) }),
        response: {
          200: z.object({ id: z.string(), status: z.literal('APPROVED') }),
          ...errorResponsesFor(403, 404),
        },
      },
    },
    async (request) => {
      // Only the payer the order was made for may approve it (see billing walletOrder).
      const payer = `technician-${request.user?.technicianId ?? 'none'}`;
      const approved = sandbox.approveOrder(request.params.orderId, payer);
      if (approved === 'not_found') throw new AppError(404, 'Order not found');
      if (approved === 'forbidden') throw new AppError(403, 'This order belongs to someone else');
      return { id: request.params.orderId, status: 'APPROVED' as const };
    },
  );
};
