import type { FastifyInstance } from 'fastify';
import { reconcilePosPayments } from '../features/pos/payments/pos.reconcile';
import { reconcileRefunds } from '../features/pos/payments/pos.refunds';

/**
 * The payment reconciliation sweep (ADR 007): plan purchases and point-of-sale card payments
 * left `processing` (a crash or a lost answer) are settled from what the provider says, and
 * refunds the provider did not answer are asked again with the same key (ADR 017). One
 * run at a time: a slow provider never stacks sweeps.
 */
export function createPaymentReconciler(app: FastifyInstance) {
  let running: Promise<unknown> | null = null;
  return () => {
    running ??= (async () => {
      try {
        return {
          billing: await app.billing.reconcile(),
          pos: await reconcilePosPayments(app),
          refunds: await reconcileRefunds(app),
        };
      } finally {
        running = null;
      }
    })();
    return running;
  };
}
