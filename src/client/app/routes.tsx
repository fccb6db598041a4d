import { matchRoutes } from 'react-router';
import { JOIN_PATH } from '@shared/brand';
import { PATHS } from '@shared/paths';
import { lazyRoute, type LazyRoute } from './lazy-route';
import { PUBLIC_SCREENS } from './public-screens';

export type ScreenRoute = {
  path: string;
  /** The screen's module, src/client/routes/<file>.tsx (the server preloads its chunk). */
  file: string;
  Screen: LazyRoute;
  /** Rendered by the server into the first response (public-screens.ts). */
  ssr: boolean;
};

const r = (path: string, file: string, load: Parameters<typeof lazyRoute>[0]): ScreenRoute => ({
  path,
  file,
  Screen: lazyRoute(load),
  ssr: (PUBLIC_SCREENS as readonly string[]).includes(file),
});

// One lazily loaded module per screen keeps the first download small.
export const screens: ScreenRoute[] = [
  r(PATHS.home, 'home', () => import('../routes/home')),
  r(PATHS.start, 'start', () => import('../routes/start')),
  r(PATHS.howItWorks, 'how-it-works', () => import('../routes/how-it-works')),
  r(PATHS.technicians, 'technicians', () => import('../routes/technicians')),
  r(PATHS.technician, 'technician', () => import('../routes/technician')),
  r(PATHS.requestService, 'request-service', () => import('../routes/request-service')),
  r(PATHS.vehicles, 'vehicles', () => import('../routes/vehicles')),
  r(PATHS.repairSoftware, 'repair-software', () => import('../routes/repair-software')),
  r(PATHS.troubleCodes, 'trouble-codes', () => import('../routes/trouble-codes')),
  r(PATHS.vinDecoder, 'vin-decoder', () => import('../routes/vin-decoder')),
  r(
    PATHS.maintenanceSchedule,
    'maintenance-schedule',
    () => import('../routes/maintenance-schedule'),
  ),
  r(PATHS.posSystem, 'pos-system', () => import('../routes/pos-system')),
  r(PATHS.posReceipt, 'pos-receipt', () => import('../routes/pos-receipt')),
  r(PATHS.quoteApproval, 'quote-approval', () => import('../routes/quote-approval')),
  r(
    PATHS.technicianNotifications,
    'technician-notifications',
    () => import('../routes/technician-notifications'),
  ),
  r(PATHS.myJobs, 'my-jobs', () => import('../routes/my-jobs')),
  r(PATHS.myJob, 'my-job', () => import('../routes/my-job')),
  r(PATHS.myCustomers, 'my-customers', () => import('../routes/my-customers')),
  // Charts (recharts) load with this screen only, never with the visitors' pages.
  r(PATHS.analytics, 'analytics', () => import('../routes/analytics')),
  r(PATHS.demoNotifications, 'demo-notifications', () => import('../routes/demo-notifications')),
  r(JOIN_PATH, 'join', () => import('../routes/join')),
  r(PATHS.platformPayment, 'platform-payment', () => import('../routes/platform-payment')),
  r(PATHS.subscriptionPlans, 'subscription-plans', () => import('../routes/subscription-plans')),
  r(PATHS.paymentSelection, 'payment-selection', () => import('../routes/payment-selection')),
  r(PATHS.paymentHistory, 'payment-history', () => import('../routes/payment-history')),
  r(PATHS.adminDashboard, 'admin-dashboard', () => import('../routes/admin-dashboard')),
  r(PATHS.adminVerifications, 'admin-verifications', () => import('../routes/admin-verifications')),
  r(
    PATHS.technicianVerifications,
    'technician-verifications',
    () => import('../routes/technician-verifications'),
  ),
  r(PATHS.technicianProfile, 'technician-profile', () => import('../routes/technician-profile')),
  r(PATHS.accessDemo, 'access-demo', () => import('../routes/access-demo')),
  r(PATHS.pricingGuide, 'pricing-guide', () => import('../routes/pricing-guide')),
  r(PATHS.safetyTrust, 'safety-trust', () => import('../routes/safety-trust')),
  r(PATHS.contactUs, 'contact-us', () => import('../routes/contact-us')),
  r(PATHS.faq, 'faq', () => import('../routes/faq')),
  r(PATHS.termsOfService, 'terms-of-service', () => import('../routes/terms-of-service')),
  r(PATHS.privacyPolicy, 'privacy-policy', () => import('../routes/privacy-policy')),
  r(PATHS.setPassword, 'set-password', () => import('../routes/set-password')),
  r(PATHS.verifyEmail, 'verify-email', () => import('../routes/verify-email')),
  r(PATHS.request, 'request', () => import('../routes/request')),
  r(PATHS.myRequests, 'my-requests', () => import('../routes/my-requests')),
];

export const notFoundScreen = lazyRoute(() => import('../routes/not-found'));

/** The screen for a path and its parameters; null when no screen has that path. */
export function matchScreen(pathname: string) {
  const match = matchRoutes(screens, pathname)?.[0];
  return match ? { route: match.route, params: match.params } : null;
}
