import { z } from 'zod';
import {
  changePlanSchema,
  currentSubscriptionSchema,
  upgradeNowSchema,
  upgradeQuoteSchema,
} from '@shared/schemas/billing';
import { errors, tags, technician, type BillingApp } from '../billing.route-options';
import type { BillingService } from '../billing.service';

/** The plan's lifecycle: the current plan, changes, upgrades at once, cancel and resume. */
export function subscriptionRoutes(app: BillingApp, service: BillingService) {
  app.get(
    '/api/subscriptions/current',
    {
      config: technician,
      schema: {
        summary: 'Your current subscription',
        operationId: 'getCurrentSubscription',
        tags,
        response: { 200: currentSubscriptionSchema, ...errors },
      },
    },
    async (request) => service.current(request.user),
  );

  app.post(
    '/api/subscriptions/change',
    {
      config: technician,
      schema: {
        summary: 'Change your plan',
        operationId: 'changePlan',
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
      schema: {
        summary: 'Quote the prorated price of an upgrade',
        operationId: 'quotePlanUpgrade',
        tags,
        body: changePlanSchema,
        response: { 200: upgradeQuoteSchema, ...errors },
      },
    },
    async (request) => service.quoteUpgrade(request.user, request.body.planName),
  );

  app.post(
    '/api/subscriptions/upgrade',
    {
      config: technician,
      schema: {
        summary: 'Upgrade your plan now, paying the prorated price',
        operationId: 'upgradePlan',
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
      schema: {
        summary: 'Cancel your subscription at the end of the period',
        operationId: 'cancelSubscription',
        tags,
        response: { 200: currentSubscriptionSchema, ...errors },
      },
    },
    async (request) => service.cancel(request.user),
  );

  app.post(
    '/api/subscriptions/resume',
    {
      config: technician,
      schema: {
        summary: 'Resume a cancelled subscription',
        operationId: 'resumeSubscription',
        tags,
        response: { 200: currentSubscriptionSchema, ...errors },
      },
    },
    async (request) => service.cancel(request.user, true),
  );
}
