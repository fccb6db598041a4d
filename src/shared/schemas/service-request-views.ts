import { z } from 'zod';
import { arrivalSchema } from './arrival';
import { warrantyTermsSchema } from './warranty';
import { INVOICE_STATUSES, SERVICE_REQUEST_STATUSES } from '../constants/domain';
import { URGENCIES } from '../constants/service-types';
import { brandingSchema } from './branding';
import {
  SERVICE_REQUEST_MOVES,
  MAX_REVIEW_CHARS,
  WIDEN_DISTANCE_MILES,
  parseReference,
} from '../service-request-rules';
import { pageNumber, pageSizeNumber, safeText } from './common';
import { fairPriceSchema } from './fair-price';
import { signatureAuditSchema, tipInputSchema } from './pos';
import { requestPhotoSchema } from './request-photos';
import { startingPriceOutSchema } from './starting-prices';

/**
 * The job's API (ADR 010). Every request is addressed by its reference (WR-000123). The viewer
 * is the signed-in owner, the assigned technician, an admin, or anyone holding the request's
 * signed link (`?t=`, e-mailed to the customer): GET /api/service-requests/:reference answers
 * with the view that viewer may see.
 */
export const referenceParamSchema = z.object({
  reference: z
    .string()
    .max(20)
    .refine((r) => parseReference(r) !== null, 'Must be a request reference like WR-000123'),
});
/** The signed link's token, for guests. */
export const requestTokenQuerySchema = z.object({
  t: z.string().max(200).optional(),
});

export const serviceRequestStatusSchema = z.enum(SERVICE_REQUEST_STATUSES);
export const serviceRequestMoveSchema = z.enum(SERVICE_REQUEST_MOVES, {
  error: `move must be one of: ${SERVICE_REQUEST_MOVES.join(', ')}`,
});

const isoDateTime = z.iso.datetime({ offset: true, error: 'Must be a date and time' });

/** Why: required for a technician's or an admin's cancel; on any other move, the timeline's note. */
const moveReason = safeText().trim().max(500, 'Reason must be at most 500 characters').optional();

export const CHOOSE_WINDOW = 'Please choose the start and end of the arrival window';

/**
 * propose_window and request_new_time: the arrival window. Its times are optional to the parser
 * only, so that a proposal without them is answered with the sentence the form shows.
 */
const windowBody = <M extends 'propose_window' | 'request_new_time'>(move: M) =>
  z
    .object({
      move: z.literal(move),
      reason: moveReason,
      windowStart: isoDateTime.optional(),
      windowEnd: isoDateTime.optional(),
    })
    .superRefine(checkWindowBody);

function checkWindowBody(
  b: { windowStart?: string; windowEnd?: string },
  ctx: z.core.$RefinementCtx,
) {
  if (!b.windowStart || !b.windowEnd) {
    ctx.addIssue({ code: 'custom', path: ['windowStart'], message: CHOOSE_WINDOW });
  } else if (Date.parse(b.windowEnd) <= Date.parse(b.windowStart)) {
    ctx.addIssue({
      code: 'custom',
      path: ['windowEnd'],
      message: 'The window must end after it starts',
    });
  }
}
const proposeWindowBody = windowBody('propose_window');
/** request_new_time: the customer's new window for a confirmed visit (the technician answers). */
const requestNewTimeBody = windowBody('request_new_time');

/** retry_dispatch: reach technicians up to maxDistanceMiles away (one of WIDEN_DISTANCE_MILES). */
const retryDispatchBody = z.object({
  move: z.literal('retry_dispatch'),
  reason: moveReason,
  maxDistanceMiles: z
    .number()
    .int()
    .refine((n) => (WIDEN_DISTANCE_MILES as readonly number[]).includes(n), {
      message: `maxDistanceMiles must be one of ${WIDEN_DISTANCE_MILES.join(', ')}`,
    })
    .optional(),
});

/** cancel: the reason is required of a technician (who gives the job back) and an admin. */
const cancelBody = z.object({ move: z.literal('cancel'), reason: moveReason });

/** The moves that carry nothing but an optional note. */
const plainMoveBody = z.object({
  move: z.enum([
    'confirm_window',
    'decline_window',
    'accept_new_time',
    'decline_new_time',
    'start_route',
    'start_work',
    'complete',
  ]),
  reason: moveReason,
});

/**
 * POST /api/service-requests/:reference/moves: one body per kind of move (`move`), each with
 * the fields that move takes.
 */
export const serviceRequestMoveBodySchema = z.discriminatedUnion(
  'move',
  [proposeWindowBody, requestNewTimeBody, retryDispatchBody, cancelBody, plainMoveBody],
  {
    error: (issue) =>
      issue.code === 'invalid_union'
        ? `move must be one of: ${SERVICE_REQUEST_MOVES.join(', ')}`
        : undefined,
  },
);
export type ServiceRequestMoveBody = z.infer<typeof serviceRequestMoveBodySchema>;

export const timelineEntrySchema = z.object({
  id: z.number().int(),
  move: z.string(),
  fromStatus: serviceRequestStatusSchema.nullable(),
  toStatus: serviceRequestStatusSchema,
  actor: z.enum(['customer', 'technician', 'admin', 'system']),
  /** 'Alex M.' for people; null for the platform. */
  actorName: z.string().nullable(),
  note: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  at: z.string(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const serviceRequestQuoteSchema = z.object({
  id: z.number().int(),
  quoteNumber: z.string(),
  status: z.enum(['draft', 'approved']),
  /** The version shown, sent back with the signature; its content hash (ADR 026). */
  version: z.number().int(),
  contentHash: z.string(),
  total: z.string(),
  createdAt: z.string(),
  signedAt: z.string().nullable(),
  /** The signature's audit trail once signed (ADR 026). */
  signatureAudit: signatureAuditSchema.nullable(),
  /** The lines, for the customer to read before signing. */
  items: z.array(
    z.object({
      /** Labor lines are compared with the area's typical labor charge. */
      type: z.enum(['labor', 'part']),
      description: z.string(),
      quantity: z.string(),
      unitPrice: z.string(),
      totalPrice: z.string(),
    }),
  ),
  laborTotal: z.string(),
  partsTotal: z.string(),
  taxAmount: z.string(),
  /** The deposit paid by card when signing, when the quote asks for one (ADR 017). */
  deposit: z
    .object({ amount: z.string(), status: z.enum(['due', 'processing', 'paid', 'refunded']) })
    .nullable(),
  /** The workmanship warranty it states (ADR 044). */
  warranty: warrantyTermsSchema,
  /** Whether this viewer may sign it now (customer, draft, job not over). */
  canSign: z.boolean(),
});

export const serviceRequestInvoiceSchema = z.object({
  id: z.number().int(),
  invoiceNumber: z.string(),
  status: z.enum(INVOICE_STATUSES),
  total: z.string(),
  paid: z.string(),
  balance: z.string(),
  createdAt: z.string(),
  /** Its quote's workmanship warranty. */
  warranty: warrantyTermsSchema,
  /** Whether this viewer may pay it by card now. */
  canPay: z.boolean(),
});

export const serviceRequestPaymentSchema = z.object({
  id: z.number().int(),
  /** Given when the payment goes through; null for a failed or unfinished attempt. */
  receiptNumber: z.string().nullable(),
  method: z.string(),
  /** What counts toward the invoice (or the deposit). */
  amount: z.string(),
  /** The customer's tip charged on top of it ('0.00' for none). */
  tip: z.string(),
  status: z.string(),
  invoiceNumber: z.string().nullable(),
  /** The quote a deposit was paid on. */
  quoteNumber: z.string().nullable(),
  createdAt: z.string(),
});

export const serviceRequestReviewSchema = z.object({
  id: z.number().int(),
  rating: z.number().int(),
  comment: z.string().nullable(),
  reply: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Until when the customer may still edit it. */
  editableUntil: z.string(),
});
export type ServiceRequestReview = z.infer<typeof serviceRequestReviewSchema>;

export const serviceRequestDetailSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  /** Who is looking: decides which sections below are filled. */
  viewer: z.enum(['customer', 'technician', 'admin']),
  status: serviceRequestStatusSchema,
  serviceType: z.string(),
  /** The problem as the customer described it (without the merged contact lines). */
  problem: z.string(),
  urgency: z.enum(URGENCIES),
  location: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /** A maps link for directions (technician and admin views). */
  directionsUrl: z.string().nullable(),
  preferredDate: z.string().nullable(),
  vehicleInfo: z.string().nullable(),
  /** The vehicle's mileage: the saved vehicle's, else what the request form was given. */
  mileage: z.number().int().nullable(),
  /** The customer's photos of the problem (the customer, the assigned technician, admins). */
  photos: z.array(requestPhotoSchema),
  vehicle: z
    .object({
      id: z.number().int(),
      year: z.number().int(),
      make: z.string(),
      model: z.string(),
      vin: z.string().nullable(),
      mileage: z.number().int().nullable(),
    })
    .nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
  canceledAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  dispatch: z.object({
    round: z.number().int(),
    rounds: z.number().int(),
    /** Technicians notified in the current round and still able to answer. */
    notifiedNow: z.number().int(),
    /** Every technician notified so far. */
    notifiedTotal: z.number().int(),
    /** When the current round ends (null when none is running). */
    roundEndsAt: z.string().nullable(),
    maxDistanceMiles: z.number().int().nullable(),
    /**
     * The technician the customer sent the request to first, while it is offered to them alone
     * (null otherwise): the nearest are asked once they pass or their time runs out.
     */
    firstChoice: z.object({ name: z.string() }).nullable(),
  }),
  technician: z
    .object({
      id: z.number().int(),
      name: z.string(),
      profileImage: z.string().nullable(),
      rating: z.string(),
      totalReviews: z.number().int(),
      phone: z.string().nullable(),
      /** The technician's published starting price for this service, if any. */
      startingPrice: startingPriceOutSchema.nullable(),
    })
    .nullable(),
  window: z
    .object({ start: z.string(), end: z.string(), confirmedAt: z.string().nullable() })
    .nullable(),
  /** The arrival windows the customer picked when asking (empty: as soon as possible). */
  requestedWindows: z.array(z.object({ start: z.string(), end: z.string() })),
  /** Where the technician on the way is and when they arrive (ADR 045); null off the way. */
  arrival: arrivalSchema.nullable(),
  /** The new time the customer asked for a confirmed visit, until the technician answers. */
  newTime: z.object({ start: z.string(), end: z.string() }).nullable(),
  /**
   * The customer's texts about the request (customer view; null for others): whether they are
   * on, to which number, since when.
   */
  textUpdates: z
    .object({
      enabled: z.boolean(),
      phone: z.string().nullable(),
      consentedAt: z.string().nullable(),
    })
    .nullable(),
  /** The customer's contact (technician and admin views; the customer sees their own). */
  customer: z.object({
    name: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
  }),
  timeline: z.array(timelineEntrySchema),
  /**
   * What completed, paid jobs of this service type cost in the job's area (ADR 015), to read
   * its quotes against.
   */
  fairPrice: fairPriceSchema,
  quotes: z.array(serviceRequestQuoteSchema),
  invoices: z.array(serviceRequestInvoiceSchema),
  payments: z.array(serviceRequestPaymentSchema),
  review: serviceRequestReviewSchema.nullable(),
  canReview: z.boolean(),
  /**
   * Why the customer viewing the completed job may not review it (e.g. the link the submitter
   * got back follows the job; the e-mailed one reviews it), or null.
   */
  reviewNote: z.string().nullable(),
  /** The moves this viewer may make now. */
  actions: z.array(serviceRequestMoveSchema),
  /** The assigned technician's custom branding on its quotes and invoices (Professional). */
  branding: brandingSchema.nullable(),
  /** Admin view: every notification, by round, with decline reasons. */
  notifications: z
    .array(
      z.object({
        round: z.number().int(),
        technicianId: z.number().int(),
        technicianName: z.string(),
        status: z.string(),
        distanceMiles: z.number().nullable(),
        declineReason: z.string().nullable(),
        createdAt: z.string(),
        respondedAt: z.string().nullable(),
      }),
    )
    .nullable(),
});
export type ServiceRequestDetail = z.infer<typeof serviceRequestDetailSchema>;

/** One line of /my-requests, /my-jobs and the admin's list. */
export const serviceRequestSummarySchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  status: serviceRequestStatusSchema,
  serviceType: z.string(),
  urgency: z.enum(URGENCIES),
  location: z.string(),
  vehicleInfo: z.string().nullable(),
  customerName: z.string(),
  customerEmail: z.string().nullable(),
  technicianName: z.string().nullable(),
  windowStart: z.string().nullable(),
  windowEnd: z.string().nullable(),
  dispatchRound: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ServiceRequestSummary = z.infer<typeof serviceRequestSummarySchema>;

/** My Jobs shows this many jobs a page. */
export const TECHNICIAN_JOBS_PAGE_SIZE = 20;

/** GET /api/jobs?q=&page=&pageSize=: one page of each list, the same page number for both. */
export const technicianJobsQuerySchema = z.object({
  /** A reference (WR-000123), or part of the customer's name, service, location or vehicle. */
  q: safeText().trim().max(200, 'Search must be at most 200 characters').optional(),
  page: pageNumber(),
  pageSize: pageSizeNumber(TECHNICIAN_JOBS_PAGE_SIZE),
});
export type TechnicianJobsQuery = z.output<typeof technicianJobsQuerySchema>;

/** GET /api/jobs: the signed-in technician's jobs, with how many match in each list. */
export const technicianJobsSchema = z.object({
  active: z.array(serviceRequestSummarySchema),
  past: z.array(serviceRequestSummarySchema),
  activeTotal: z.number().int(),
  pastTotal: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** GET /api/admin/service-requests */
export const adminJobsQuerySchema = z.object({
  status: serviceRequestStatusSchema.optional(),
  /** A reference (WR-000123) or part of the customer's e-mail. */
  q: safeText().trim().max(200).optional(),
  page: pageNumber(),
});
export const adminJobsSchema = z.object({
  items: z.array(serviceRequestSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** PUT /api/service-requests/:reference/review */
export const reviewInputSchema = z.object({
  rating: z
    .number({ error: 'Please choose a rating from 1 to 5 stars' })
    .int('Please choose a rating from 1 to 5 stars')
    .min(1, 'Please choose a rating from 1 to 5 stars')
    .max(5, 'Please choose a rating from 1 to 5 stars'),
  comment: safeText()
    .trim()
    .max(MAX_REVIEW_CHARS, `Review must be at most ${MAX_REVIEW_CHARS} characters`)
    .nullish(),
});

/** PUT /api/reviews/:id/reply: the technician's one public reply. */
export const reviewReplySchema = z.object({
  reply: safeText({ error: 'Please write a reply' })
    .trim()
    .min(1, 'Please write a reply')
    .max(MAX_REVIEW_CHARS, `Reply must be at most ${MAX_REVIEW_CHARS} characters`),
});

/** POST /api/service-requests/:reference/invoices/:invoiceId/pay: the customer pays by card. */
export const payInvoiceSchema = z.object({
  sourceId: safeText({ error: 'sourceId is required' }).trim().min(1).max(500),
  idempotencyKey: safeText({ error: 'idempotencyKey is required' })
    .trim()
    .min(8, 'idempotencyKey must be at least 8 characters')
    .max(100),
  /** A tip for the technician on top of the balance, charged in the same card payment. */
  tip: tipInputSchema,
});
