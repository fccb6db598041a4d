export const ROLES = ['customer', 'technician', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const USER_STATUSES = ['pending', 'approved', 'rejected', 'suspended'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const VERIFICATION_TYPES = [
  'license',
  'certification',
  'insurance',
  'background_check',
] as const;
export type VerificationType = (typeof VERIFICATION_TYPES)[number];
export const VERIFICATION_TYPE_LABELS: Record<VerificationType, string> = {
  license: 'Professional License',
  certification: 'ASE Certification',
  insurance: 'Insurance Certificate',
  background_check: 'Background Check',
};
export const VERIFICATION_STATUSES = ['pending', 'verified', 'expired', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** A job's life (src/shared/service-request-rules.ts holds the moves between these states). */
export const SERVICE_REQUEST_STATUSES = [
  'requested',
  'dispatching',
  'accepted',
  'scheduled',
  'en_route',
  'in_progress',
  'completed',
  'canceled',
  'unmatched',
] as const;
export type ServiceRequestStatus = (typeof SERVICE_REQUEST_STATUSES)[number];

export const JOB_NOTIFICATION_STATUSES = [
  'pending',
  'accepted',
  'declined',
  'expired',
  'closed',
  /** The technician accepted, then gave the job back before leaving for it. */
  'withdrawn',
] as const;
export type JobNotificationStatus = (typeof JOB_NOTIFICATION_STATUSES)[number];

export const APPLICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const DOCUMENT_KINDS = [
  'driversLicense',
  'aseCertification',
  'verification',
  'profilePhoto',
  'brandingLogo',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

export const PLAN_NAMES = ['Basic', 'Premium', 'Professional'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];
export const PLAN_TIERS = ['Free', ...PLAN_NAMES] as const;
export type PlanTier = (typeof PLAN_TIERS)[number];
export const PLAN_RANK: Record<PlanTier, number> = {
  Free: 0,
  Basic: 1,
  Premium: 2,
  Professional: 3,
};

export const SUBSCRIPTION_STATUSES = ['active', 'past_due', 'canceled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const PAYMENT_STATUSES = [
  'succeeded',
  'processing',
  'requires_payment_method',
  'failed',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];
/** A quote's deposit: a fixed amount or a percentage of its total (ADR 017). */
export const DEPOSIT_TYPES = ['fixed', 'percent'] as const;
export type DepositType = (typeof DEPOSIT_TYPES)[number];

export const REFUND_STATUSES = ['processing', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  succeeded: 'Paid',
  processing: 'Processing',
  requires_payment_method: 'Payment Required',
  failed: 'Failed',
};

export const QUOTE_STATUSES = ['draft', 'approved'] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/** What the point of sale shows: a draft with a live approval link has been sent. */
export const QUOTE_VIEW_STATUSES = ['draft', 'sent', 'approved'] as const;
export type QuoteViewStatus = (typeof QUOTE_VIEW_STATUSES)[number];
/** Where a quote was signed: on the technician's device, the e-mailed link, the request page. */
export const QUOTE_SIGNING_CHANNELS = ['in_person', 'email_link', 'request_page'] as const;
export type QuoteSigningChannel = (typeof QUOTE_SIGNING_CHANNELS)[number];
export const QUOTE_ITEM_TYPES = ['labor', 'part'] as const;
export type QuoteItemType = (typeof QUOTE_ITEM_TYPES)[number];
export const INVOICE_STATUSES = ['pending', 'paid', 'disputed'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** 'disputed': the customer disputed a card payment with their bank (provider webhook). */
export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  pending: 'Pending',
  paid: 'Paid',
  disputed: 'Disputed',
};
export const POS_PAYMENT_METHODS = ['card', 'cash', 'check', 'digital'] as const;
export type PosPaymentMethod = (typeof POS_PAYMENT_METHODS)[number];

/** Business constants from the spec, section 9. */
export const LIMITS = {
  featuredTechnicians: 3,
  profileReviewsShown: 3,
  expiringWindowDays: 30,
  recentJobs: 5,
  overviewRecentPayments: 3,
  notificationPollMs: 5000,
  notificationWindowMs: 5 * 60 * 1000,
  techniciansPerRound: 5,
  dispatchRounds: 3,
  maxUploadBytes: 10485760,
  uploadUrlTtlSeconds: 15 * 60,
  chatReplyDelayMs: 1000,
  minHourlyRate: 10,
  minBioLength: 50,
} as const;
