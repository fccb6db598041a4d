import { PATHS } from './paths';

/** The public pages listed in the sitemap (besides every technician's profile). */
export const SITEMAP_PAGES = [
  PATHS.home,
  PATHS.technicians,
  PATHS.howItWorks,
  PATHS.pricingGuide,
  PATHS.safetyTrust,
  PATHS.faq,
  PATHS.contactUs,
  PATHS.repairSoftware,
  PATHS.troubleCodes,
  PATHS.vinDecoder,
  PATHS.maintenanceSchedule,
  PATHS.termsOfService,
  PATHS.privacyPolicy,
] as const;

/** Screens search engines should not crawl: accounts, payments, tokens in links. */
export const NOT_CRAWLED = [
  '/api/',
  '/files/',
  '/dev/',
  PATHS.quoteApproval.replace(/:.*$/, ''),
  '/requests/',
  PATHS.setPassword,
  PATHS.verifyEmail,
  PATHS.posSystem,
  PATHS.myJobs,
  PATHS.myRequests,
  PATHS.adminDashboard,
  PATHS.adminVerifications,
  PATHS.paymentSelection,
  PATHS.platformPayment,
  PATHS.paymentHistory,
  PATHS.technicianNotifications,
  PATHS.technicianProfile,
  PATHS.technicianVerifications,
  PATHS.analytics,
  PATHS.vehicles,
  PATHS.start,
] as const;

/** The sitemap protocol allows 50,000 URLs per file; technicians are listed in files of this size. */
export const SITEMAP_PAGE_SIZE = 40_000;
