import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { createSubscriptionSchema, walletOrderSchema } from '@shared/schemas/billing';
import type { SessionUser } from '../../infra/session';
import { adminPayments, history, historyCsv, receipt } from './history/billing.history';
import { reconcile, renewDue } from './subscriptions/billing.renewals';
import { applyProviderPayment, applyProviderRefund } from './subscriptions/billing.provider-events';
import type { DbOrTx } from '../../db/client';
import type { ProviderPaymentEvent, ProviderRefundEvent } from '../../domain/provider-events';
import {
  cancelSubscription,
  changePlan,
  currentSubscription,
  quoteUpgrade,
  subscribeWithCard,
  upgradeNow,
} from './subscriptions/billing.subscriptions';
import { walletCapture, walletOrder, walletSetup } from './subscriptions/billing.wallet';

export { addMonth, ALREADY_SUBSCRIBED, PURCHASE_IN_PROGRESS } from './billing.common';

type User = SessionUser | null;

/**
 * How technicians pay us, as one object for the routes and the schedulers (`app.billing`):
 * plans by card or wallet and their lifecycle (billing.subscriptions, billing.wallet), period
 * renewals, dunning and reconciliation (billing.renewals), and payment history and receipts
 * (billing.history).
 */
export function createBillingService(app: FastifyInstance) {
  return {
    current: (user: User) => currentSubscription(app, user),
    subscribeWithCard: (user: User, input: z.output<typeof createSubscriptionSchema>) =>
      subscribeWithCard(app, user, input),
    walletSetup: () => walletSetup(app),
    walletOrder: (user: User, input: z.output<typeof walletOrderSchema>) =>
      walletOrder(app, user, input),
    walletCapture: (user: User, orderId: string) => walletCapture(app, user, orderId),
    changePlan: (user: User, planName: string) => changePlan(app, user, planName),
    quoteUpgrade: (user: User, planName: string) => quoteUpgrade(app, user, planName),
    upgradeNow: (user: User, input: Parameters<typeof upgradeNow>[2]) =>
      upgradeNow(app, user, input),
    reconcile: () => reconcile(app),
    /** A provider's webhook about a plan payment, in the worker's transaction. */
    applyProviderPayment: (tx: DbOrTx, e: ProviderPaymentEvent) => applyProviderPayment(app, tx, e),
    /** A provider's webhook about a refund of a plan payment, in the worker's transaction. */
    applyProviderRefund: (tx: DbOrTx, e: ProviderRefundEvent) => applyProviderRefund(tx, e),
    cancel: (user: User, resume = false) => cancelSubscription(app, user, resume),
    renewDue: () => renewDue(app),
    history: (user: User, page: number, pageSize: number) => history(app, user, page, pageSize),
    historyCsv: (user: User) => historyCsv(app, user),
    receipt: (user: User, id: number) => receipt(app, user, id),
    adminPayments: (page: number) => adminPayments(app, page),
  };
}
export type BillingService = ReturnType<typeof createBillingService>;
