import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { historyRoutes } from './history/billing.history.routes';
import { purchaseRoutes } from './subscriptions/billing.purchase.routes';
import { createBillingService } from './billing.service';
import { subscriptionRoutes } from './subscriptions/billing.subscription.routes';

/**
 * How technicians pay us: plans by card (card provider) or wallet, their lifecycle, and payment
 * history.
 */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createBillingService(app);
  purchaseRoutes(app, service);
  subscriptionRoutes(app, service);
  historyRoutes(app, service);
};
