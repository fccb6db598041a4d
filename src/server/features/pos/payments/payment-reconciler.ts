import type { FastifyInstance } from 'fastify';
import { reconcilePosPayments } from './pos.reconcile';
import { reconcileRefunds } from './pos.refunds';
import { reconcileWalletPayments } from './pos.wallet';

/**
 * The payment reconciliation sweep (ADR 007): plan purchases, point-of-sale card payments and
 * invoices' wallet orders left `processing` (a crash, a lost answer, a payer who never approved)
 * are settled from what the provider says, and refunds the provider did not answer are asked
 * again with the same key (ADR 017). One run at a time: a slow provider never stacks sweeps.
 */
export function createPaymentReconciler(app: FastifyInstance) {
  let running: Promise<unknown> | null = null;
  return () => {
    running ??= (async () => {
      try {
        return {
          billing: await app.billing.reconcile(),
          pos: await reconcilePosPayments(app),
          wallet: await reconcileWalletPayments(app),
          refunds: await reconcileRefunds(app),
        };
      } finally {
        running = null;
      }
    })();
    return running;
  };
}
