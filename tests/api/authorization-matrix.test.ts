import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Access } from '../../src/server/plugins/access';
import { apiTokens } from '../../src/server/db/schema';
import { newApiToken } from '../../src/server/domain/api-tokens';
import { buildTestApp, type TestApp } from '../helpers/build-test-app';
import { createTechnician, createUser, signIn, subscribeTechnician } from '../helpers/factories';

/**
 * Every API route and who may call it. A route missing here fails the test: adding a route
 * means deciding, in review, who may call it. (Routes without config.access fail at boot.)
 */
const EXPECTED: Record<string, Access> = {
  'GET /api/health': 'public',
  'GET /api/health/live': 'public',
  'GET /api/health/ready': 'public',
  'GET /api/config': 'public',
  'GET /api/dev/mailbox': 'public',
  'POST /api/auth/signin': 'public',
  'POST /api/auth/register': 'public',
  'GET /api/auth/current-user': 'public',
  'GET /api/technicians': 'public',
  'POST /api/technicians/search': 'public',
  'GET /api/stats': 'public',
  'GET /api/geo/nearest-zip': 'public',
  'GET /api/tax-rates': 'public',
  'POST /api/service-area/waitlist': 'public',
  'GET /api/config/map': 'public',
  'GET /api/technicians/:id': 'public',
  'GET /api/technicians/:id/reviews': 'public',
  'GET /api/technicians/me': 'technician',
  'PATCH /api/technicians/me': 'approved-technician',
  'GET /api/technicians/:id/photo/:documentId': 'public',
  'POST /api/contact-technician': 'public',
  'POST /api/contact': 'public',
  'POST /api/service-requests': 'public',
  'GET /api/service-requests': 'customer',
  'GET /api/service-requests/:reference': 'public',
  'POST /api/service-requests/:reference/moves': 'public',
  'GET /api/service-requests/:reference/stream': 'public',
  'POST /api/request-photos': 'public',
  'GET /api/service-requests/:reference/photos/:photoId': 'public',
  'GET /api/service-requests/:reference/messages': 'public',
  'POST /api/service-requests/:reference/messages': 'public',
  'POST /api/service-requests/:reference/messages/read': 'public',
  'POST /api/service-requests/:reference/messages/:id/report': 'public',
  'GET /api/admin/reported-threads': 'admin',
  'GET /api/messages/unread': 'signed-in',
  'GET /api/service-requests/:reference/warranty-claims': 'public',
  'POST /api/service-requests/:reference/warranty-claims': 'public',
  'POST /api/service-requests/:reference/warranty-claims/:id/answer': 'signed-in',
  'POST /api/service-requests/:reference/position': 'approved-technician',
  'GET /api/technician-customers': 'approved-technician',
  'GET /api/technician-customers/:id': 'approved-technician',
  'PATCH /api/technician-customers/:id': 'approved-technician',
  'POST /api/technician-customers/:id/book-again': 'approved-technician',
  'POST /api/service-requests/:reference/quotes/:quoteId/approve': 'public',
  'POST /api/service-requests/:reference/invoices/:invoiceId/pay': 'public',
  'POST /api/service-requests/:reference/invoices/:invoiceId/paypal-order': 'public',
  'POST /api/service-requests/:reference/invoices/:invoiceId/paypal-order/:orderId/capture':
    'public',
  'POST /api/service-requests/:reference/invoices/:invoiceId/paypal-order/:orderId/cancel':
    'public',
  'POST /api/service-requests/:reference/invoices/:invoiceId/paypal-order/:orderId/sandbox-approve':
    'public',
  'GET /api/service-requests/:reference/window.ics': 'public',
  'PUT /api/service-requests/:reference/text-updates': 'public',
  'GET /api/jobs': 'technician',
  'GET /api/job-notifications/technician/:id': 'technician',
  'GET /api/job-notifications/technician/:id/leads': 'technician',
  'PATCH /api/job-notifications/:id/accept': 'approved-technician',
  'PATCH /api/job-notifications/:id/decline': 'approved-technician',
  'GET /api/job-notifications/stream': 'technician',
  'GET /api/payments/config': 'public',
  'GET /api/plans': 'public',
  'GET /api/quotes/technician/:id': 'approved-technician',
  'POST /api/quotes': 'approved-technician',
  'PUT /api/quotes/:id': 'approved-technician',
  'PATCH /api/quotes/:id/approve': 'approved-technician',
  'GET /api/invoices/technician/:id': 'approved-technician',
  'POST /api/invoices': 'approved-technician',
  'PATCH /api/invoices/:id/reminders': 'technician',
  'POST /api/square/create-payment': 'approved-technician',
  'POST /api/pos/card-payments': 'approved-technician',
  'POST /api/pos/payments': 'approved-technician',
  'GET /api/pos/payments/technician/:id': 'approved-technician',
  'POST /api/pos/payments/:id/refund': 'approved-technician',
  'GET /api/pos/statements': 'approved-technician',
  'GET /api/pos/statements.csv': 'approved-technician',
  'GET /api/pos/accounting-export.csv': 'approved-technician',
  'GET /api/price-book': 'approved-technician',
  'POST /api/price-book': 'approved-technician',
  'PATCH /api/price-book/:id': 'approved-technician',
  'DELETE /api/price-book/:id': 'approved-technician',
  'GET /api/price-book.csv': 'approved-technician',
  'POST /api/price-book/import': 'approved-technician',
  'GET /api/technicians/:id/availability': 'public',
  'GET /api/availability': 'public',
  'GET /api/availability/schedule': 'technician',
  'PUT /api/availability/schedule': 'technician',
  'GET /api/availability/time-off': 'technician',
  'POST /api/availability/time-off': 'technician',
  'DELETE /api/availability/time-off/:id': 'technician',
  'GET /api/pos/receipts/:id': 'approved-technician',
  'GET /api/quotes/:id/pdf': 'public',
  'GET /api/invoices/:id/pdf': 'public',
  'GET /api/pos/receipts/:id/pdf': 'public',
  'POST /api/pos/email-quote': 'approved-technician',
  'POST /api/pos/quotes/:id/send': 'approved-technician',
  'POST /api/pos/email-receipt': 'approved-technician',
  'GET /api/quote-approvals/:token': 'public',
  'GET /api/analytics/summary': 'approved-technician',
  'GET /api/analytics/export.csv': 'approved-technician',
  'GET /api/fair-price': 'public',
  'GET /api/price-estimates': 'public',
  'GET /api/calendar-feed': 'technician',
  'POST /api/calendar-feed/reset': 'technician',
  'POST /api/square/create-subscription': 'technician',
  'GET /api/paypal/setup': 'technician',
  'POST /api/paypal/order': 'technician',
  'POST /api/paypal/order/:orderId/capture': 'technician',
  'GET /api/subscriptions/current': 'technician',
  'POST /api/subscriptions/change': 'technician',
  'POST /api/subscriptions/upgrade/quote': 'technician',
  'POST /api/subscriptions/upgrade': 'technician',
  'POST /api/subscriptions/cancel': 'technician',
  'POST /api/subscriptions/resume': 'technician',
  'GET /api/payment/history/:page': 'technician',
  'GET /api/payment/history.csv': 'technician',
  'GET /api/payment/receipts/:id': 'technician',
  'GET /api/admin/payments': 'admin',
  'GET /api/admin/revenue': 'admin',
  'GET /api/admin/service-area-waitlist': 'admin',
  'GET /api/admin/service-area-waitlist.csv': 'admin',
  'GET /api/tools': 'public',
  'GET /api/tools/dtc': 'public',
  'GET /api/tools/dtc/:code': 'public',
  'GET /api/tools/vin/:vin': 'signed-in',
  'GET /api/tools/maintenance': 'public',
  'POST /api/quote-approvals/:token': 'public',
  'POST /api/payments/sandbox/tokenize': 'public',
  'GET /api/payments/connect/:provider': 'approved-technician',
  'GET /api/payments/callback/:provider': 'approved-technician',
  'GET /api/payments/connections': 'approved-technician',
  'DELETE /api/payments/connections/:provider': 'approved-technician',
  'GET /api/payments/sandbox/consent': 'public',
  'POST /api/payments/sandbox/consent': 'public',
  'POST /api/payments/sandbox/orders/:orderId/approve': 'signed-in',
  'GET /api/admin/overview': 'admin',
  'GET /api/admin/users': 'admin',
  'GET /api/admin/pending-approvals': 'admin',
  'PATCH /api/admin/users/:id/approve': 'admin',
  'PATCH /api/admin/users/:id/reject': 'admin',
  'PATCH /api/admin/users/:id/role': 'admin',
  'GET /api/admin/technicians': 'admin',
  'PATCH /api/admin/technicians/:id/status': 'admin',
  'GET /api/admin/audit-log': 'admin',
  'GET /api/admin/audit-log/actions': 'admin',
  'GET /api/admin/service-requests': 'admin',
  'GET /api/admin/messages': 'admin',
  'PATCH /api/admin/messages/:id/handled': 'admin',
  'POST /api/documents/upload': 'public',
  'PUT /api/documents/upload/:token': 'public',
  'GET /api/documents/:id/link': 'signed-in',
  'GET /api/documents/file/:token': 'public',
  'POST /api/technician-applications': 'public',
  'GET /api/admin/applications/:id': 'admin',
  'PATCH /api/admin/applications/:id/approve': 'admin',
  'PATCH /api/admin/applications/:id/reject': 'admin',
  'POST /api/auth/set-password/check': 'public',
  'POST /api/auth/set-password': 'public',
  'POST /api/auth/forgot-password': 'public',
  'POST /api/auth/verify-email': 'public',
  'POST /api/auth/verify-email/resend': 'signed-in',
  'GET /api/verifications/technician/:technicianId': 'technician',
  'POST /api/verifications': 'technician',
  'DELETE /api/verifications/:id': 'technician',
  'PATCH /api/verifications/:id/status': 'admin',
  'GET /api/admin/verifications/pending': 'admin',
  'GET /api/admin/verifications/lapsed': 'admin',
  'GET /api/admin/verifications/expiring': 'admin',
  'GET /api/push/config': 'public',
  'GET /api/push/subscriptions': 'approved-technician',
  'POST /api/push/subscriptions': 'approved-technician',
  'DELETE /api/push/subscriptions/:id': 'approved-technician',
  'GET /api/technicians/me/notification-settings': 'approved-technician',
  'PUT /api/technicians/me/notification-settings': 'approved-technician',
  'GET /api/admin/outbox': 'admin',
  'POST /api/admin/outbox/:id/retry': 'admin',
  'GET /api/vehicles': 'customer',
  'POST /api/vehicles': 'customer',
  'PATCH /api/vehicles/:id': 'customer',
  'DELETE /api/vehicles/:id': 'customer',
  'GET /api/vehicles/:id/history': 'customer',
  'PUT /api/service-requests/:reference/review': 'public',
  'PUT /api/reviews/:id/reply': 'technician',
  'POST /api/reviews/:id/reports': 'signed-in',
  'GET /api/admin/reviews/moderation': 'admin',
  'POST /api/admin/reviews/:id/hide': 'admin',
  'POST /api/admin/reviews/:id/restore': 'admin',
  'POST /api/admin/reviews/:id/keep': 'admin',
  'GET /api/technicians/me/branding': 'approved-technician',
  'PUT /api/technicians/me/branding': 'approved-technician',
  'GET /api/technicians/:id/logo/:documentId': 'public',
  'GET /api/technicians/me/api-tokens': 'approved-technician',
  'POST /api/technicians/me/api-tokens': 'approved-technician',
  'DELETE /api/technicians/me/api-tokens/:id': 'approved-technician',
  'GET /api/v1/jobs': 'api-token',
  'GET /api/v1/jobs/:reference': 'api-token',
  'GET /api/v1/quotes': 'api-token',
  'GET /api/v1/invoices': 'api-token',
  'GET /api/v1/payments': 'api-token',
  'POST /api/webhooks/square': 'public',
  'POST /api/webhooks/paypal': 'public',
  // Last: it ends the callers' sessions.
  'POST /api/auth/signout': 'public',
};

/** Streams never end: only refusals are checked here (acceptance: the feature's SSE test). */
const STREAMING = new Set(['GET /api/job-notifications/stream']);

/** Public routes that answer 401 to an anonymous caller as their result, not as a refusal. */
const ANONYMOUS_401_BY_DESIGN = new Set(['GET /api/auth/current-user']);

/**
 * Providers' webhooks: public, their credential is the provider's signature over the body, so
 * every caller here (none signs) gets 401 from the signature check, never from the access rule.
 */
const PROVIDER_SIGNED = new Set(['POST /api/webhooks/square', 'POST /api/webhooks/paypal']);

type Caller =
  | 'anonymous'
  | 'customer'
  | 'pendingTechnician'
  | 'technician'
  | 'otherTechnician'
  | 'admin'
  /** A Professional technician's personal API token (Authorization: Bearer), no cookie. */
  | 'apiToken';
const CALLERS: Caller[] = [
  'anonymous',
  'customer',
  'pendingTechnician',
  'technician',
  'otherTechnician',
  'admin',
  'apiToken',
];

/** Who the access level lets through (ownership is checked per route, below and in feature tests). */
const ALLOWED: Record<Access, Caller[]> = {
  public: CALLERS,
  // A token opens /api/v1 and nothing else; a session cookie never opens /api/v1.
  'api-token': ['apiToken'],
  'signed-in': ['customer', 'pendingTechnician', 'technician', 'otherTechnician', 'admin'],
  customer: ['customer', 'admin'],
  technician: ['pendingTechnician', 'technician', 'otherTechnician', 'admin'],
  'approved-technician': ['technician', 'otherTechnician', 'admin'],
  admin: ['admin'],
};

let t: TestApp;
const cookies: Partial<Record<Caller, string>> = {};
let bearer = '';

beforeAll(async () => {
  t = await buildTestApp();
  const customer = await createUser(t.app, { role: 'customer' });
  const admin = await createUser(t.app, { role: 'admin' });
  const pending = await createTechnician(t.app, { status: 'pending' });
  const tech = await createTechnician(t.app);
  const other = await createTechnician(t.app);
  cookies.customer = await signIn(t.app, customer.username!);
  cookies.admin = await signIn(t.app, admin.username!);
  cookies.pendingTechnician = await signIn(t.app, pending.user.username!);
  cookies.technician = await signIn(t.app, tech.user.username!);
  cookies.otherTechnician = await signIn(t.app, other.user.username!);
  // Its own technician: the others' DELETE of token 1 must not revoke it.
  const holder = await createTechnician(t.app);
  await subscribeTechnician(t.app, holder.technician.id, 'Professional');
  const { token, tokenHash, prefix } = newApiToken();
  await t.app.db
    .insert(apiTokens)
    .values({ technicianId: holder.technician.id, name: 'matrix', tokenHash, prefix });
  bearer = `Bearer ${token}`;
});
afterAll(() => t.close());

const fill = (url: string) => url.replace(/:[A-Za-z]+/g, '1');

describe('authorization matrix', () => {
  it('declares every registered API route here, with the access it has', () => {
    const registered = Object.fromEntries(
      t.app.apiRoutes.map((r) => [`${r.method} ${r.url}`, r.access]),
    );
    const undocumented = Object.keys(registered).filter(
      (k) => !(k in EXPECTED) && !k.includes('/api/docs'),
    );
    expect(undocumented, 'routes missing from the matrix').toEqual([]);
    for (const [route, access] of Object.entries(EXPECTED)) {
      expect(registered[route], route).toBe(access);
    }
  });

  for (const [route, access] of Object.entries(EXPECTED)) {
    const [method, url] = route.split(' ') as [string, string];
    it(`${route} (${access})`, async () => {
      for (const caller of CALLERS) {
        if (STREAMING.has(route) && ALLOWED[access].includes(caller)) continue;
        const cookie = cookies[caller];
        const res = await t.app.inject({
          method: method as 'GET',
          url: fill(url),
          headers: caller === 'apiToken' ? { authorization: bearer } : cookie ? { cookie } : {},
          ...(method === 'GET' ? {} : { payload: {} }),
        });
        const allowed = ALLOWED[access].includes(caller);
        if (allowed) {
          if (PROVIDER_SIGNED.has(route)) {
            expect(res.json().message, `${caller}`).toMatch(/webhook signature|not configured/);
          } else if (!(
            (caller === 'anonymous' || caller === 'apiToken') &&
            ANONYMOUS_401_BY_DESIGN.has(route)
          )) {
            expect(res.statusCode, `${caller} should pass the access check`).not.toBe(401);
          }
          // 403 may still come from an ownership rule, never from the access level itself.
          if (res.statusCode === 403) {
            expect(res.json().message, `${caller}`).not.toMatch(
              /^(Authentication required|Admin access required|Technician account required|Customer account required|Account pending approval|Account suspended)$/,
            );
          }
        } else {
          // Token routes refuse every session with 401 (no token), and every other route
          // refuses a token with 401 (it authenticates nobody there).
          const unauthenticated =
            caller === 'anonymous' || caller === 'apiToken' || access === 'api-token';
          expect(res.statusCode, `${caller} must be refused`).toBe(unauthenticated ? 401 : 403);
        }
      }
    });
  }
});
