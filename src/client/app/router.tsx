import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { JOIN_PATH } from '@shared/brand';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { PATHS } from '@shared/paths';

// One lazily loaded module per screen keeps the first download small.
const page = (load: () => Promise<{ default: React.ComponentType }>) => {
  const Component = lazy(load);
  return <Component />;
};

export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    // Outside the layout only if the layout itself fails; screens fail inside it (below).
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { path: PATHS.home, element: page(() => import('../routes/home')) },
          { path: PATHS.start, element: page(() => import('../routes/start')) },
          { path: PATHS.howItWorks, element: page(() => import('../routes/how-it-works')) },
          { path: PATHS.technicians, element: page(() => import('../routes/technicians')) },
          { path: PATHS.technician, element: page(() => import('../routes/technician')) },
          { path: PATHS.requestService, element: page(() => import('../routes/request-service')) },
          { path: PATHS.vehicles, element: page(() => import('../routes/vehicles')) },
          { path: PATHS.repairSoftware, element: page(() => import('../routes/repair-software')) },
          { path: PATHS.posSystem, element: page(() => import('../routes/pos-system')) },
          {
            path: PATHS.posReceipt,
            element: page(() => import('../routes/pos-receipt')),
          },
          {
            path: PATHS.quoteApproval,
            element: page(() => import('../routes/quote-approval')),
          },
          {
            path: PATHS.technicianNotifications,
            element: page(() => import('../routes/technician-notifications')),
          },
          { path: PATHS.myJobs, element: page(() => import('../routes/my-jobs')) },
          { path: PATHS.myJob, element: page(() => import('../routes/my-job')) },
          // Charts (recharts) load with this screen only, never with the visitors' pages.
          { path: PATHS.analytics, element: page(() => import('../routes/analytics')) },
          {
            path: PATHS.demoNotifications,
            element: page(() => import('../routes/demo-notifications')),
          },
          { path: JOIN_PATH, element: page(() => import('../routes/join')) },
          {
            path: PATHS.platformPayment,
            element: page(() => import('../routes/platform-payment')),
          },
          {
            path: PATHS.subscriptionPlans,
            element: page(() => import('../routes/subscription-plans')),
          },
          {
            path: PATHS.paymentSelection,
            element: page(() => import('../routes/payment-selection')),
          },
          { path: PATHS.paymentHistory, element: page(() => import('../routes/payment-history')) },
          { path: PATHS.adminDashboard, element: page(() => import('../routes/admin-dashboard')) },
          {
            path: PATHS.adminVerifications,
            element: page(() => import('../routes/admin-verifications')),
          },
          {
            path: PATHS.technicianVerifications,
            element: page(() => import('../routes/technician-verifications')),
          },
          {
            path: PATHS.technicianProfile,
            element: page(() => import('../routes/technician-profile')),
          },
          { path: PATHS.accessDemo, element: page(() => import('../routes/access-demo')) },
          { path: PATHS.pricingGuide, element: page(() => import('../routes/pricing-guide')) },
          { path: PATHS.safetyTrust, element: page(() => import('../routes/safety-trust')) },
          { path: PATHS.contactUs, element: page(() => import('../routes/contact-us')) },
          { path: PATHS.faq, element: page(() => import('../routes/faq')) },
          { path: PATHS.termsOfService, element: page(() => import('../routes/terms-of-service')) },
          { path: PATHS.privacyPolicy, element: page(() => import('../routes/privacy-policy')) },
          { path: PATHS.setPassword, element: page(() => import('../routes/set-password')) },
          { path: PATHS.verifyEmail, element: page(() => import('../routes/verify-email')) },
          { path: PATHS.request, element: page(() => import('../routes/request')) },
          { path: PATHS.myRequests, element: page(() => import('../routes/my-requests')) },
          { path: '*', element: page(() => import('../routes/not-found')) },
        ],
      },
    ],
  },
]);
