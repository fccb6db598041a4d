import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  connectProviderParamSchema,
  connectQuerySchema,
  paymentConnectionSchema,
  paymentConnectionsSchema,
} from '@shared/schemas/payments';
import { errorResponses, errorResponsesFor } from '../../infra/route-errors';
import { sandboxConsentRoutes } from './payment-accounts.sandbox-consent';
import { createPaymentAccountsService } from './payment-accounts.service';

const tags = ['payments'];
const param = z.string().max(2048).optional();
/** What the providers send back: Square's code flow, PayPal's onboarding return, the sandbox's. */
const callbackQuerySchema = z
  .object({
    state: param,
    code: param,
    error: param,
    error_description: param,
    merchantId: param,
    merchantIdInPayPal: param,
    permissionsGranted: param,
    consentStatus: param,
  })
  .catchall(z.string().max(2048));
const redirect = { 302: z.null().describe('To the next page of the flow (Location header)') };

/**
 * A technician's own payment account (ADR 030): connecting it through the provider's consent
 * page, the callback, the list and disconnecting. Customers' card payments go to it.
 */
export const paymentAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createPaymentAccountsService(app);

  app.get(
    '/api/payments/connect/:provider',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: "Start connecting the technician's own payment account",
        description:
          "Answers 302 to the provider's consent page (the built-in sandbox's own page in demo mode).",
        operationId: 'connectPaymentAccount',
        tags,
        params: connectProviderParamSchema,
        querystring: connectQuerySchema,
        response: { ...redirect, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .redirect(
          await service.consentUrl(request.user, request.params.provider, request.query.returnTo),
          302,
        ),
  );

  app.get(
    '/api/payments/callback/:provider',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: 'The provider sends the technician back here after consenting',
        operationId: 'paymentAccountCallback',
        tags,
        params: connectProviderParamSchema,
        querystring: callbackQuerySchema,
        response: { ...redirect, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .redirect(
          await service.complete(request.user, request.params.provider, request.query, request.ip),
          302,
        ),
  );

  app.get(
    '/api/payments/connections',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: "The signed-in technician's payment accounts",
        operationId: 'listPaymentConnections',
        tags,
        response: { 200: paymentConnectionsSchema, ...errorResponsesFor(401, 403) },
      },
    },
    async (request) => service.list(request.user),
  );

  app.delete(
    '/api/payments/connections/:provider',
    {
      config: { access: 'approved-technician' },
      schema: {
        summary: "Disconnect the technician's payment account at a provider",
        operationId: 'disconnectPaymentAccount',
        tags,
        params: connectProviderParamSchema,
        response: { 200: paymentConnectionSchema, ...errorResponses },
      },
    },
    async (request) => service.disconnect(request.user, request.params.provider, request.ip),
  );

  if (app.payments.sandbox) await app.register(sandboxConsentRoutes);
};
