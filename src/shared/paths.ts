import { JOIN_PATH } from './brand';
import type { Role } from './constants/domain';

/**
 * Every screen's path: the client's router and links, and the links the server e-mails, come
 * from here. Paths with parameters have builders below.
 */
export const PATHS = {
  home: '/',
  howItWorks: '/how-it-works',
  technicians: '/technicians',
  technician: '/technician/:id',
  requestService: '/request-service',
  repairSoftware: '/repair-software',
  /** The repair tools the catalogue links to (src/shared/tools.ts). */
  troubleCodes: '/tools/trouble-codes',
  vinDecoder: '/tools/vin-decoder',
  maintenanceSchedule: '/tools/maintenance-schedule',
  posSystem: '/pos-system',
  posReceipt: '/pos-system/receipts/:id',
  quoteApproval: '/quote-approval/:token',
  technicianNotifications: '/technician-notifications',
  myJobs: '/my-jobs',
  myCustomers: '/my-customers',
  myJob: '/my-jobs/:reference',
  /** A technician's analytics dashboard (Premium and Professional). */
  analytics: '/analytics',
  demoNotifications: '/demo-notifications',
  join: JOIN_PATH,
  platformPayment: '/platform-payment',
  subscriptionPlans: '/subscription-plans',
  paymentSelection: '/payment-selection',
  paymentHistory: '/payment-history',
  adminDashboard: '/admin-dashboard',
  adminVerifications: '/admin-verifications',
  technicianVerifications: '/technician-verifications',
  technicianProfile: '/technician-profile',
  accessDemo: '/access-demo',
  pricingGuide: '/pricing-guide',
  safetyTrust: '/safety-trust',
  contactUs: '/contact-us',
  faq: '/faq',
  termsOfService: '/terms-of-service',
  privacyPolicy: '/privacy-policy',
  setPassword: '/set-password',
  verifyEmail: '/verify-email',
  myRequests: '/my-requests',
  vehicles: '/vehicles',
  request: '/requests/:reference',
  /** The installed app's start URL: sends each role to its own first screen. */
  start: '/start',
} as const;

export const technicianPath = (id: number) => `/technician/${id}`;
/** The Request Service form, sent to this technician first (their profile's 'Request service'). */
export const requestServiceFromPath = (technicianId: number) =>
  `/request-service?technician=${technicianId}`;
export const posReceiptPath = (id: number) => `/pos-system/receipts/${id}`;
export const quoteApprovalPath = (token: string) => `/quote-approval/${encodeURIComponent(token)}`;
/** A technician's job, by its reference (WR-000123). */
export const myJobPath = (reference: string) => `/my-jobs/${encodeURIComponent(reference)}`;
/** The point of sale, prefilled from a job. */
export const posForJobPath = (reference: string) =>
  `/pos-system?job=${encodeURIComponent(reference)}`;

/** A service request's page; a guest's link carries the signed token (`?t=`). */
export const requestPath = (reference: string, token?: string | null) =>
  `/requests/${encodeURIComponent(reference)}${token ? `?t=${encodeURIComponent(token)}` : ''}`;

/** Where the installed app opens (PATHS.start) for who is signed in; null: a visitor. */
export const startPathFor = (role: Role | null | undefined): string => {
  switch (role) {
    case 'technician':
      return PATHS.technicianNotifications;
    case 'admin':
      return PATHS.adminDashboard;
    case 'customer':
      return PATHS.myRequests;
    default:
      return PATHS.home;
  }
};

/** A job notification opened from a push (its dialog on the notifications screen). */
export const jobNotificationPath = (notificationId: number) =>
  `${PATHS.technicianNotifications}?notification=${notificationId}`;
