import type { FastifyInstance } from 'fastify';
import { adminRecordsRoutes } from './features/admin/admin.records.routes';
import { adminRoutes } from './features/admin/admin.routes';
import { analyticsRoutes } from './features/analytics/analytics.routes';
import { apiTokenRoutes } from './features/api-tokens/api-tokens.routes';
import { apiV1Routes } from './features/api-v1/api-v1.routes';
import { authRoutes } from './features/auth/auth.routes';
import { billingRoutes } from './features/billing/billing.routes';
import { brandingRoutes } from './features/branding/branding.routes';
import { contactRoutes } from './features/contact/contact.routes';
import { devMailboxRoutes } from './features/dev-mailbox/dev-mailbox.routes';
import { dispatchRoutes } from './features/dispatch/dispatch.routes';
import { documentRoutes } from './features/documents/documents.routes';
import { fairPriceRoutes } from './features/fair-price/fair-price.routes';
import { calendarFeedRoutes } from './features/calendar-feed/calendar-feed.routes';
import { priceBookRoutes } from './features/price-book/price-book.routes';
import { technicianCustomersRoutes } from './features/technician-customers/technician-customers.routes';
import { availabilityRoutes } from './features/availability/availability.routes';
import { geoRoutes } from './features/geo/geo.routes';
import { healthRoutes } from './features/health/health.routes';
import { invoiceReminderRoutes } from './features/invoice-reminders/invoice-reminders.routes';
import { jobsRoutes } from './features/jobs/jobs.routes';
import { notificationRoutes } from './features/notifications/notifications.routes';
import { outboxRoutes } from './features/outbox/outbox.routes';
import { paymentAccountRoutes } from './features/payment-accounts/payment-accounts.routes';
import { paymentsRoutes } from './features/payments/payments.routes';
import { planRoutes } from './features/plans/plans.routes';
import { posRoutes } from './features/pos/pos.routes';
import { reviewRoutes } from './features/reviews/reviews.routes';
import { salesTaxRoutes } from './features/sales-tax/sales-tax.routes';
import { seoRoutes } from './features/seo/seo.routes';
import { serviceAreaWaitlistRoutes } from './features/service-area-waitlist/waitlist.routes';
import { serviceRequestRoutes } from './features/service-requests/service-requests.routes';
import { setPasswordRoutes } from './features/set-password/set-password.routes';
import { technicianApplicationRoutes } from './features/technician-applications/technician-applications.routes';
import { technicianProfileRoutes } from './features/technician-profile/technician-profile.routes';
import { technicianRoutes } from './features/technicians/technicians.routes';
import { toolsRoutes } from './features/tools/tools.routes';
import { vehicleRoutes } from './features/vehicles/vehicles.routes';
import { verificationRoutes } from './features/verifications/verifications.routes';
import { webhookRoutes } from './features/webhooks/webhooks.routes';

/**
 * Every feature's routes. A routes plugin takes no options: it builds its own service from
 * `app` and reads what other features offer from the decorators of plugins/services.ts.
 */
const featureRoutes = [
  healthRoutes,
  authRoutes,
  technicianProfileRoutes,
  brandingRoutes,
  apiTokenRoutes,
  apiV1Routes,
  technicianRoutes,
  geoRoutes,
  adminRoutes,
  adminRecordsRoutes,
  contactRoutes,
  serviceRequestRoutes,
  jobsRoutes,
  dispatchRoutes,
  paymentsRoutes,
  paymentAccountRoutes,
  planRoutes,
  posRoutes,
  invoiceReminderRoutes,
  billingRoutes,
  toolsRoutes,
  documentRoutes,
  technicianApplicationRoutes,
  setPasswordRoutes,
  verificationRoutes,
  vehicleRoutes,
  reviewRoutes,
  notificationRoutes,
  outboxRoutes,
  analyticsRoutes,
  fairPriceRoutes,
  salesTaxRoutes,
  serviceAreaWaitlistRoutes,
  calendarFeedRoutes,
  priceBookRoutes,
  technicianCustomersRoutes,
  availabilityRoutes,
  seoRoutes,
  webhookRoutes,
];

export async function routes(app: FastifyInstance) {
  for (const plugin of featureRoutes) await app.register(plugin);
  // The demo's mailbox (the e-mails the outbox sent) exists only in demo mode.
  if (app.config.demoMode) await app.register(devMailboxRoutes);
}
