import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sweepAbandonedUploads } from '../domain/documents';
import { refreshFairPrices } from '../domain/fair-price';
import { sweepAbandonedPhotos } from '../domain/request-photos';
import { pruneTechnicianChanges } from '../domain/technician-index';
import { sendDueReminders } from '../features/invoice-reminders/invoice-reminders.service';
import { sendVisitReminders } from '../features/service-requests/reminders/reminders.service';
import { refreshConnectedAccounts } from '../features/payment-accounts/payment-accounts.refresh';
import { sweepVerifications } from '../features/verifications/verifications.expiry';
import { processWebhookEvents, WEBHOOK_TASK } from '../features/webhooks/webhooks.service';
import { OUTBOX_CHANNEL } from '../infra/outbox';
import { createTaskRunner, type TaskRunner } from '../infra/tasks';

declare module 'fastify' {
  interface FastifyInstance {
    /** Background tasks that run once per interval across instances, under leases (ADR 022). */
    tasks: TaskRunner;
  }
}

/**
 * The background tasks, the outbox worker and the technician index's first load and catch-up.
 * With `run: false` (tests) nothing is scheduled; tests run the sweeps by hand.
 */
export const tasksPlugin = fp(async (app: FastifyInstance, opts: { run?: boolean }) => {
  const tasks = createTaskRunner({
    db: app.db,
    log: app.log,
    scale: app.config.jobIntervalScale,
    onRun: (name, seconds, ok) => app.metrics?.taskRun(name, seconds, ok),
    onRegister: (name) => app.metrics?.taskKnown(name),
    // A failing task is an unexpected error as a 500 is: reported with its name.
    onError: (name, err) => app.errorReports.capture(err, undefined, { task: name }),
  });
  app.decorate('tasks', tasks);
  // Stopping: no run starts (before the server waits for requests in flight).
  app.addHook('preClose', async () => tasks.stop());
  // onClose hooks run last-registered first: this one before the database closes.
  app.addHook('onClose', async () => {
    // Runs in progress finish (bounded); then this instance's leases are released.
    await tasks
      .close(5_000)
      .catch((err: unknown) => app.log.warn({ err }, 'could not release task leases'));
  });
  // The index loads once before it is needed (GET /api/health/ready waits for it).
  app.addHook('onReady', async () => {
    app.technicianIndex.current().then(
      () => (app.lifecycle.indexLoaded = true),
      (err: unknown) => app.log.warn({ err }, 'technician index: first load failed'),
    );
  });
  if (opts.run === false) return;

  // Each runs once per interval across all instances (ADR 022); the lease (renewed while a
  // run lasts) is how long a dead instance's run blocks the others.
  tasks.every('dispatch-sweep', 10_000, 20_000, () => app.dispatch.sweep());
  tasks.every('verification-sweep', 60 * 60_000, 5 * 60_000, () => sweepVerifications(app));
  tasks.every('subscription-renewals', 5 * 60_000, 2 * 60_000, () => app.billing.renewDue());
  tasks.every('abandoned-upload-sweep', 60 * 60_000, 5 * 60_000, () =>
    sweepAbandonedUploads(app.db, app.storage, app.clock(), app.log),
  );
  tasks.every('abandoned-photo-sweep', 60 * 60_000, 5 * 60_000, () =>
    sweepAbandonedPhotos(app.db, app.storage, app.clock(), app.log),
  );
  // Payments left processing by a crash are settled from the provider (ADR 007).
  tasks.every('payment-reconciliation', 30_000, 60_000, app.reconcilePayments);
  tasks.every('payment-account-refresh', 60 * 60_000, 5 * 60_000, () =>
    refreshConnectedAccounts(app),
  );
  // Providers' webhook events not applied yet (the webhook routes nudge it at once; this is the
  // safety net and the retry of events that failed).
  tasks.every(WEBHOOK_TASK, 10_000, 60_000, () => processWebhookEvents(app));
  // Typical prices per service type and area, from completed, paid jobs (ADR 015).
  tasks.every('fair-price-refresh', 60 * 60_000, 5 * 60_000, () =>
    refreshFairPrices(app.db, app.clock()),
  );
  // Unpaid invoices remind their customers 3, 7 and 14 days after issue (a quarter of an hour
  // late at most).
  tasks.every('invoice-reminders', 15 * 60_000, 5 * 60_000, () => sendDueReminders(app));
  // Scheduled visits remind both sides a day and an hour before the window (ADR 043).
  tasks.every('visit-reminders', 5 * 60_000, 2 * 60_000, () => sendVisitReminders(app));
  tasks.every('rate-limit-prune', 10 * 60_000, 60_000, () =>
    app.rateLimits.store.prune(app.clock().getTime()),
  );
  // The technician change log keeps 15 minutes (ADR 005).
  tasks.every('technician-change-log-prune', 60_000, 60_000, () => pruneTechnicianChanges(app.db));
  app.addHook('onReady', async () => {
    // Every instance runs the outbox worker: it claims messages row by row (ADR 012).
    app.outbox.start((fn) => app.realtime.onSignal(OUTBOX_CHANNEL, fn));
    tasks.start();
  });
  // Every instance keeps its technician index within the change log's reach (a search
  // catches up anyway; this spares an idle instance a full reload), ADR 005.
  const catchUp = setInterval(() => {
    if (!app.lifecycle.indexLoaded) return;
    app.technicianIndex
      .current()
      .catch((err: unknown) => app.log.warn({ err }, 'technician index: catch-up failed'));
  }, 2_000);
  catchUp.unref();
  app.addHook('preClose', async () => clearInterval(catchUp));
});
