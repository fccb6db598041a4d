import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { JOIN_PATH } from '@shared/brand';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

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
          { path: '/', element: page(() => import('../routes/home')) },
          { path: '/how-it-works', element: page(() => import('../routes/how-it-works')) },
          { path: '/technicians', element: page(() => import('../routes/technicians')) },
          { path: '/technician/:id', element: page(() => import('../routes/technician')) },
          { path: '/request-service', element: page(() => import('../routes/request-service')) },
          { path: '/repair-software', element: page(() => import('../routes/repair-software')) },
          { path: '/pos-system', element: page(() => import('../routes/pos-system')) },
          {
            path: '/pos-system/receipts/:id',
            element: page(() => import('../routes/pos-receipt')),
          },
          {
            path: '/quote-approval/:token',
            element: page(() => import('../routes/quote-approval')),
          },
          {
            path: '/technician-notifications',
            element: page(() => import('../routes/technician-notifications')),
          },
          {
            path: '/demo-notifications',
            element: page(() => import('../routes/demo-notifications')),
          },
          { path: JOIN_PATH, element: page(() => import('../routes/join')) },
          { path: '/platform-payment', element: page(() => import('../routes/platform-payment')) },
          {
            path: '/subscription-plans',
            element: page(() => import('../routes/subscription-plans')),
          },
          {
            path: '/payment-selection',
            element: page(() => import('../routes/payment-selection')),
          },
          { path: '/payment-history', element: page(() => import('../routes/payment-history')) },
          { path: '/admin-dashboard', element: page(() => import('../routes/admin-dashboard')) },
          {
            path: '/admin-verifications',
            element: page(() => import('../routes/admin-verifications')),
          },
          {
            path: '/technician-verifications',
            element: page(() => import('../routes/technician-verifications')),
          },
          {
            path: '/technician-profile',
            element: page(() => import('../routes/technician-profile')),
          },
          { path: '/access-demo', element: page(() => import('../routes/access-demo')) },
          { path: '/pricing-guide', element: page(() => import('../routes/pricing-guide')) },
          { path: '/safety-trust', element: page(() => import('../routes/safety-trust')) },
          { path: '/contact-us', element: page(() => import('../routes/contact-us')) },
          { path: '/faq', element: page(() => import('../routes/faq')) },
          { path: '/terms-of-service', element: page(() => import('../routes/terms-of-service')) },
          { path: '/privacy-policy', element: page(() => import('../routes/privacy-policy')) },
          { path: '/set-password', element: page(() => import('../routes/set-password')) },
          { path: '/verify-email', element: page(() => import('../routes/verify-email')) },
          { path: '*', element: page(() => import('../routes/not-found')) },
        ],
      },
    ],
  },
]);
