import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Dispatcher } from '../domain/dispatcher';
import type { RequestDocuments } from '../domain/request-documents';
import type { RequestWallet } from '../domain/request-wallet';
import type { PosProviderEvents } from '../domain/provider-events';
import { createTechnicianIndex, type TechnicianIndex } from '../domain/technician-index';
import { createBillingService, type BillingService } from '../features/billing/billing.service';
import { createDispatchService, type DispatchService } from '../features/dispatch/dispatch.service';
import { createRequestDocuments, registerDocumentAttachments } from '../features/pos/pos.service';
import { createPaymentReconciler } from '../features/pos/payments/payment-reconciler';
import { createPosProviderEvents } from '../features/pos/payments/pos.provider-events';
import { createRequestWallet } from '../features/pos/payments/pos.wallet';
import { createPayments, type Payments } from '../infra/payments';

declare module 'fastify' {
  interface FastifyInstance {
    /** The card and wallet providers behind one interface (ADR 006). */
    payments: Payments;
    /** Listed technicians in memory, for search and matching (ADR 005). */
    technicianIndex: TechnicianIndex;
    /** How service requests and jobs start dispatch (the dispatch feature implements it). */
    dispatcher: Dispatcher;
    /** Dispatch's rounds and sweeps, for the background tasks. */
    dispatch: DispatchService;
    /** Plans: renewals and reconciliation, for the background tasks. */
    billing: BillingService;
    /** What a job needs from the point of sale (the pos feature implements it). */
    requestDocuments: RequestDocuments;
    /** A job's invoice paid with PayPal to the technician (the pos feature implements it). */
    requestWallet: RequestWallet;
    /** What providers' webhooks change at the point of sale (the pos feature implements it). */
    posProviderEvents: PosProviderEvents;
    /** The payment reconciliation sweep (ADR 007), for the background tasks. */
    reconcilePayments: () => Promise<unknown>;
  }
}

export type ServicesOptions = {
  /** Stand-ins for tests. */
  dispatcher?: Dispatcher;
  payments?: Payments;
};

/**
 * What one feature offers others, or the background tasks, as app decorators: the only way a
 * feature reaches another's work. A feature's own routes build their service themselves
 * (`create<Feature>Service(app)`).
 */
export const servicesPlugin = fp(async (app: FastifyInstance, opts: ServicesOptions) => {
  app.decorate('payments', opts.payments ?? createPayments(app.config, app.clock));
  app.decorate(
    'technicianIndex',
    createTechnicianIndex(app.db, {
      pool: app.database.pool,
      onCatchUp: (seconds, kind) => app.metrics?.indexCatchUp(seconds, kind),
    }),
  );
  const dispatch = createDispatchService(app);
  app.decorate('dispatch', dispatch);
  app.decorate('dispatcher', opts.dispatcher ?? dispatch.dispatcher);
  app.decorate('billing', createBillingService(app));
  app.decorate('requestDocuments', createRequestDocuments(app));
  app.decorate('requestWallet', createRequestWallet(app));
  // The point of sale's PDFs, rendered when an e-mail that attaches one is delivered.
  registerDocumentAttachments(app);
  app.decorate('posProviderEvents', createPosProviderEvents(app));
  app.decorate('reconcilePayments', createPaymentReconciler(app));
});
