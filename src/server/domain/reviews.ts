import { REVIEW_EDIT_DAYS } from '@shared/service-request-rules';
import type { ServiceRequestActor } from '@shared/service-request-rules';
import type { ServiceRequestStatus } from '@shared/constants/domain';
import type { ServiceRequestReview } from '@shared/schemas/service-request-views';
import type { ReviewFlagName } from '@shared/schemas/reviews';
import type { DbOrTx } from '../db/client';
import type { reviews } from '../db/schema';
import type { RequestViewer, ServiceRequestRow } from './request-access';
import { customerContact, technicianEmailsAt, technicianIdentity } from './reviews.queries';

/**
 * The review rules two features need: the service request's review and page (who may write or
 * edit it, serviceRequestDetailSchema.canReview; the review as the page shows it) and the
 * reviews feature (replies, moderation).
 */
type ReviewRow = typeof reviews.$inferSelect;

const DAY_MS = 86_400_000;

/** Until when the customer may edit a review written at `createdAt`. */
export const reviewEditableUntil = (createdAt: Date) =>
  new Date(createdAt.getTime() + REVIEW_EDIT_DAYS * DAY_MS);

/** A job's review as its page shows it (serviceRequestReviewSchema). */
export function toJobReview(r: ReviewRow): ServiceRequestReview {
  return {
    id: r.id,
    rating: r.rating,
    comment: r.comment,
    reply: r.reply,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    editableUntil: reviewEditableUntil(r.createdAt).toISOString(),
  };
}

/**
 * Whether this viewer may write the job's review now, or edit it: the job's customer, once the
 * job is completed by a technician, and within REVIEW_EDIT_DAYS of the first review.
 */
export function canReview(
  request: { status: ServiceRequestStatus; assignedTechnicianId: number | null },
  viewer: ServiceRequestActor,
  review: Pick<ReviewRow, 'createdAt'> | null | undefined,
  now: Date,
): boolean {
  if (viewer !== 'customer') return false;
  if (request.status !== 'completed' || request.assignedTechnicianId === null) return false;
  return !review || now.getTime() < reviewEditableUntil(review.createdAt).getTime();
}

/** Why this customer may not review the job (ADR 025); the messages the API answers with. */
export const ONLY_CUSTOMER = 'Only the customer of this job can review it';
export const NOT_A_CUSTOMER_REQUEST =
  "This request was submitted from a technician's or admin's account, so it cannot be reviewed";
export const REVIEW_BY_EMAILED_LINK =
  'To review this job, open the link we e-mailed to the address on this request (or sign in to your account)';
export const OWN_JOB = 'The technician who did this job cannot review it';

/** Public webmail domains: sharing one says nothing about who someone is. */
export const WEBMAIL_DOMAINS = new Set([
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'ymail.com',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'msn.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'mail.com',
  'zoho.com',
  'yandex.com',
  'comcast.net',
  'verizon.net',
  'att.net',
  'example.com',
]);

export const normalEmail = (email: string | null | undefined) => {
  const e = email?.trim().toLowerCase();
  return e && e.includes('@') ? e : null;
};

/** Domains that deliver a local part's dotted spellings to one mailbox, and their one name. */
const DOTS_IGNORED = new Map([
  ['gmail.com', 'gmail.com'],
  ['googlemail.com', 'gmail.com'],
]);

/**
 * The mailbox an address delivers to, so that its spellings compare equal: lower case, a
 * `+tag` dropped (the sub-addressing Gmail, Outlook, iCloud, Fastmail and most servers offer),
 * and for Gmail the dots in the local part dropped and googlemail.com read as gmail.com.
 * `technician+rev@wrenchly.com` and `Tech.Nician@googlemail.com` are their owners' mailboxes.
 */
export const canonicalMailbox = (email: string | null | undefined) => {
  const e = normalEmail(email);
  if (!e) return null;
  const at = e.lastIndexOf('@');
  let local = e.slice(0, at);
  let domain = e.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTS_IGNORED.get(domain);
  if (dotless) {
    local = local.replace(/\./g, '');
    domain = dotless;
  }
  return local ? `${local}@${domain}` : null;
};

/** The domains an address's mailbox may be spelled with (its dotless twins included). */
export const mailboxDomains = (mailbox: string) => {
  const domain = domainOf(mailbox);
  return DOTS_IGNORED.has(domain)
    ? [...DOTS_IGNORED].filter(([, one]) => one === DOTS_IGNORED.get(domain)).map(([d]) => d)
    : [domain];
};

/** Digits only, a leading US country code dropped: '+1 (301) 555-0100' and '301.555.0100' match. */
export const normalPhone = (phone: string | null | undefined) => {
  let d = (phone ?? '').replace(/\D/g, '');
  if (d.length === 11 && d.startsWith('1')) d = d.slice(1);
  return d.length >= 7 ? d : null;
};

const normalText = (s: string | null | undefined) =>
  (s ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1);

export type ReviewerSide = {
  userIds: number[];
  emails: (string | null | undefined)[];
  phones: (string | null | undefined)[];
  /** Where the job was (the request's location as typed). */
  address?: string | null;
};
export type TechnicianSide = {
  userId: number;
  emails: (string | null | undefined)[];
  phones: (string | null | undefined)[];
  /** Street addresses the technician gave (their application). */
  addresses: (string | null | undefined)[];
};

/** The moderation signals an admin sees on a review (ADR 025). */
export type ReviewFlag = ReviewFlagName;

/**
 * What the reviewer shares with the technician: the same account, mailbox (however spelled:
 * canonicalMailbox), phone, e-mail domain (not webmail) or address.
 */
export function sharedIdentity(reviewer: ReviewerSide, tech: TechnicianSide): ReviewFlag[] {
  const flags: ReviewFlag[] = [];
  const set = <T>(xs: (T | null)[]) => new Set(xs.filter((x): x is T => x !== null));
  if (reviewer.userIds.includes(tech.userId)) flags.push('same_account');
  const rEmails = set(reviewer.emails.map(canonicalMailbox));
  const tEmails = set(tech.emails.map(canonicalMailbox));
  if ([...rEmails].some((e) => tEmails.has(e))) flags.push('same_email');
  const tPhones = set(tech.phones.map(normalPhone));
  if (reviewer.phones.map(normalPhone).some((p) => p !== null && tPhones.has(p)))
    flags.push('same_phone');
  const tDomains = new Set([...tEmails].map(domainOf));
  if ([...rEmails].some((e) => !WEBMAIL_DOMAINS.has(domainOf(e)) && tDomains.has(domainOf(e))))
    flags.push('email_domain');
  const where = normalText(reviewer.address);
  if (
    where &&
    tech.addresses.some((a) => {
      const street = normalText(a);
      return street.length >= 5 && /\d/.test(street) && ` ${where} `.includes(` ${street} `);
    })
  )
    flags.push('address');
  return flags;
}

/** Flags that refuse a review outright: the technician themself. */
export const isTheTechnician = (flags: ReviewFlag[]) =>
  flags.some((f) => f === 'same_account' || f === 'same_email' || f === 'same_phone');

/**
 * What the job's customer shares with its technician (sharedIdentity): the customer's record
 * and the request's contact, and the signed-in reviewer if any, against the technician's
 * account and application.
 */
export async function reviewerFlags(
  db: DbOrTx,
  request: Pick<
    ServiceRequestRow,
    'customerId' | 'assignedTechnicianId' | 'contactEmail' | 'contactPhone' | 'location'
  >,
  reviewer: { id: number; email: string; phone?: string | null } | null = null,
): Promise<ReviewFlag[]> {
  if (request.assignedTechnicianId === null) return [];
  const [customer, tech] = await Promise.all([
    customerContact(db, request.customerId),
    technicianIdentity(db, request.assignedTechnicianId),
  ]);
  if (!tech) return [];
  const emails = [customer?.email, request.contactEmail, reviewer?.email];
  const flags = sharedIdentity(
    {
      userIds: [request.customerId, ...(reviewer ? [reviewer.id] : [])],
      emails,
      phones: [customer?.phone, request.contactPhone, reviewer?.phone],
      address: request.location,
    },
    {
      userId: tech.userId,
      emails: [tech.email, ...tech.applications.map((a) => a.email)],
      phones: [tech.phone, ...tech.applications.map((a) => a.phone)],
      addresses: tech.applications.map((a) => a.address),
    },
  );
  if (!flags.includes('same_email') && (await isTechnicianMailbox(db, emails)))
    flags.push('technician_email');
  return flags;
}

/** Whether any of the addresses is, however spelled, a technician's (their account or application). */
async function isTechnicianMailbox(db: DbOrTx, emails: (string | null | undefined)[]) {
  const mailboxes = new Set(emails.map(canonicalMailbox).filter((m): m is string => m !== null));
  if (mailboxes.size === 0) return false;
  const candidates = await technicianEmailsAt(db, [...mailboxes].flatMap(mailboxDomains));
  return candidates.some((e) => mailboxes.has(canonicalMailbox(e) ?? ''));
}

/**
 * Why this viewer may not review the job, or null when they may (ADR 025): only its customer,
 * on a request a customer or guest submitted, proven by their account or the e-mailed link (not
 * the follow link the submitter got back), and not the assigned technician by account, e-mail
 * or phone. The job's state and the edit window are canReview's.
 */
export async function reviewRefusal(
  db: DbOrTx,
  request: ServiceRequestRow,
  viewer: RequestViewer,
): Promise<string | null> {
  return (await reviewCheck(db, request, viewer)).refusal;
}

/** reviewRefusal, and the signals to keep with the review when it is written. */
export async function reviewCheck(
  db: DbOrTx,
  request: ServiceRequestRow,
  viewer: RequestViewer,
): Promise<{ refusal: string | null; flags: ReviewFlag[] }> {
  const refuse = (refusal: string) => ({ refusal, flags: [] });
  if (viewer.role !== 'customer') return refuse(ONLY_CUSTOMER);
  if (request.submittedAs === 'technician' || request.submittedAs === 'admin')
    return refuse(NOT_A_CUSTOMER_REQUEST);
  if (viewer.proof === 'follow_link') return refuse(REVIEW_BY_EMAILED_LINK);
  const flags = await reviewerFlags(db, request, viewer.user);
  return { refusal: isTheTechnician(flags) ? OWN_JOB : null, flags };
}
