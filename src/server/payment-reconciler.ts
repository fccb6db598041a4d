import type { FastifyInstance } from 'fastify';
import { reconcilePosPayments } from './features/pos/pos.reconcile';

/**
 * The payment reconciliation sweep (ADR 007): plan purchases and point-of-sale card payments
 * left `processing` (a crash or a lost answer) are settled from what the provider says. One
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
        };
      } finally {
        running = null;
      }
    })();
    return running;
  };
}
