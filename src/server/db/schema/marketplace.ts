import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  JOB_NOTIFICATION_STATUSES,
  SERVICE_REQUEST_STATUSES,
  type JobNotificationStatus,
  type ServiceRequestStatus,
} from '@shared/constants/domain';
import { URGENCIES, type Urgency } from '@shared/constants/service-types';
import type { StartingPrice } from '@shared/schemas/starting-prices';
import { createdAt, emptyTextArray, id, oneOf, updatedAt } from './_helpers';
import { users } from './identity';

export type RequestSubmitter = 'customer' | 'guest' | 'technician' | 'admin';

export const locations = pgTable('locations', {
  id: id(),
  name: text().notNull().unique(),
  city: text().notNull(),
  state: text().notNull(),
  zipCode: text().notNull(),
  latitude: doublePrecision().notNull(),
  longitude: doublePrecision().notNull(),
  createdAt: createdAt(),
});

export const technicians = pgTable(
  'technicians',
  {
    id: id(),
    userId: integer()
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Display location, e.g. 'Hyattsville, MD'. */
    location: text().notNull(),
    locationId: integer().references(() => locations.id, { onDelete: 'set null' }),
    zipCode: text(),
    latitude: doublePrecision().notNull(),
    longitude: doublePrecision().notNull(),
    serviceRadiusMiles: integer().notNull().default(25),
    yearsExperience: integer().notNull().default(0),
    hourlyRateCents: integer().notNull(),
    bio: text(),
    profileImage: text(),
    certifications: text().array().notNull().default(emptyTextArray),
    /** Service types (normalised through the shared specialty table). */
    specialties: text().array().notNull().default(emptyTextArray),
    isAvailable: boolean().notNull().default(true),
    /** Denormalised from reviews, kept in step by the reviews service. */
    rating: numeric({ precision: 3, scale: 2 }).notNull().default('0'),
    totalReviews: integer().notNull().default(0),
    completedJobs: integer().notNull().default(0),
    /** Prices published before booking (src/shared/schemas/starting-prices.ts). */
    startingPrices: jsonb()
      .$type<StartingPrice[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /**
     * The workmanship warranty the technician offers (ADR 044): the platform's 12 months or
     * 12,000 miles at least; each new quote keeps the terms of its day.
     */
    warrantyMonths: integer().notNull().default(12),
    warrantyMiles: integer().notNull().default(12000),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Bounding-box prefilter for distance search.
    index('technicians_lat_lng_idx').on(t.latitude, t.longitude),
    index('technicians_specialties_gin').using('gin', t.specialties),
    index('technicians_rating_idx').on(t.rating.desc(), t.id),
    index('technicians_location_idx').on(t.locationId),
    check('technicians_rate_ck', sql`${t.hourlyRateCents} >= 0`),
    check('technicians_radius_ck', sql`${t.serviceRadiusMiles} between 1 and 500`),
    check('technicians_years_ck', sql`${t.yearsExperience} >= 0`),
    check('technicians_lat_ck', sql`${t.latitude} between -90 and 90`),
    check('technicians_lng_ck', sql`${t.longitude} between -180 and 180`),
    check('technicians_warranty_months_ck', sql`${t.warrantyMonths} between 12 and 60`),
    check('technicians_warranty_miles_ck', sql`${t.warrantyMiles} between 12000 and 100000`),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    technicianId: integer()
      .notNull()
      .references(() => technicians.id, { onDelete: 'cascade' }),
    customerId: integer().references(() => users.id, { onDelete: 'set null' }),
    serviceRequestId: integer().references(() => serviceRequests.id, { onDelete: 'set null' }),
    rating: integer().notNull(),
    comment: text(),
    /** The technician's one public reply. */
    reply: text(),
    repliedAt: timestamp({ withTimezone: true }),
    /** Hidden by an admin (ADR 025): out of the rating, the count and public pages. */
    hiddenAt: timestamp({ withTimezone: true }),
    hiddenReason: text(),
    hiddenBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** When an admin last decided on it (hid, restored or kept it): reports after that need a look. */
    moderatedAt: timestamp({ withTimezone: true }),
    /** What the reviewer shared with the technician when it was written (ReviewFlag). */
    flags: text().array().notNull().default(emptyTextArray),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('reviews_technician_created_idx').on(t.technicianId, t.createdAt.desc()),
    index('reviews_technician_visible_idx')
      .on(t.technicianId, t.createdAt.desc())
      .where(sql`${t.hiddenAt} is null`),
    // One review per job; the seed's historical reviews have no job.
    uniqueIndex('reviews_service_request_uq')
      .on(t.serviceRequestId)
      .where(sql`${t.serviceRequestId} is not null`),
    check('reviews_rating_ck', sql`${t.rating} between 1 and 5`),
    check('reviews_comment_len_ck', sql`char_length(${t.comment}) <= 2000`),
  ],
);

/** A signed-in user's report of a review (ADR 025): one per reporter per review. */
export const reviewReports = pgTable(
  'review_reports',
  {
    id: id(),
    reviewId: integer()
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    reporterUserId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('review_reports_review_reporter_uq').on(t.reviewId, t.reporterUserId),
    index('review_reports_created_idx').on(t.createdAt.desc()),
    check('review_reports_reason_len_ck', sql`char_length(${t.reason}) between 1 and 1000`),
  ],
);

export const contactRequests = pgTable(
  'contact_requests',
  {
    id: id(),
    technicianId: integer()
      .notNull()
      .references(() => technicians.id, { onDelete: 'cascade' }),
    customerId: integer().references(() => users.id, { onDelete: 'set null' }),
    customerName: text().notNull(),
    customerEmail: text().notNull(),
    serviceType: text(),
    message: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('contact_requests_technician_idx').on(t.technicianId, t.createdAt.desc())],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    name: text().notNull(),
    email: text().notNull(),
    phone: text(),
    subject: text().notNull(),
    message: text().notNull(),
    handledAt: timestamp({ withTimezone: true }),
    handledBy: integer().references(() => users.id, { onDelete: 'set null' }),
    /** Sent by a signed-in technician whose plan includes priority support: answered first. */
    priority: boolean().notNull().default(false),
    /** The signed-in sender, if any. */
    senderUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('contact_messages_created_idx').on(t.createdAt.desc()),
    index('contact_messages_queue_idx').on(t.priority.desc(), t.createdAt.desc()),
  ],
);

/** A signed-in customer's vehicles; a request may name one. */
export const vehicles = pgTable(
  'vehicles',
  {
    id: id(),
    customerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    year: integer().notNull(),
    make: text().notNull(),
    model: text().notNull(),
    /** 17 characters, check digit verified; upper case. */
    vin: text(),
    mileage: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('vehicles_customer_idx').on(t.customerId, t.id),
    check('vehicles_year_ck', sql`${t.year} >= 1900`),
    check('vehicles_mileage_ck', sql`${t.mileage} >= 0`),
  ],
);

export const serviceRequests = pgTable(
  'service_requests',
  {
    id: id(),
    customerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    serviceType: text().notNull(),
    description: text().notNull(),
    urgency: text().$type<Urgency>().notNull().default('medium'),
    location: text().notNull(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    preferredDate: date({ mode: 'string' }),
    estimatedCostCents: integer(),
    contactName: text(),
    contactEmail: text(),
    contactPhone: text(),
    /**
     * Whose session submitted it: 'customer', 'guest' (none), 'technician' or 'admin'. A request
     * from a technician's or admin's session has no customer who can review it (ADR 025). Null
     * on requests older than the column (a customer's).
     */
    submittedAs: text().$type<RequestSubmitter>(),
    vehicleInfo: text(),
    vehicleId: integer().references(() => vehicles.id, { onDelete: 'set null' }),
    status: text().$type<ServiceRequestStatus>().notNull().default('requested'),
    assignedTechnicianId: integer().references(() => technicians.id, { onDelete: 'set null' }),
    assignedAt: timestamp({ withTimezone: true }),
    dispatchRound: integer().notNull().default(0),
    /** When dispatch last (re)started: technicians asked since then are not asked again. */
    dispatchStartedAt: timestamp({ withTimezone: true }),
    /** Set when the customer widens the search after an unmatched dispatch (miles). */
    maxDistanceMiles: integer(),
    /** The arrival window the assigned technician proposed; confirmed moves it to scheduled. */
    windowStart: timestamp({ withTimezone: true }),
    windowEnd: timestamp({ withTimezone: true }),
    windowConfirmedAt: timestamp({ withTimezone: true }),
    /**
     * Whether the confirmed window is one the platform booked: a window the customer picked,
     * booked when the technician accepted (ADR 043). The platform never books a technician twice
     * (an exclusion constraint on these); a window the technician proposes is theirs to choose.
     */
    windowBooked: boolean().notNull().default(false),
    /**
     * The two-hour windows the customer picked when asking (ADR 043), earliest first, as ISO
     * times; null: as soon as possible. Accepting books the first the technician is free in.
     */
    requestedWindows: jsonb().$type<{ start: string; end: string }[]>(),
    /**
     * A new time the customer asked for instead of the confirmed window (ADR 043): the window
     * stands until the technician accepts it (which books it) or declines it.
     */
    newWindowStart: timestamp({ withTimezone: true }),
    newWindowEnd: timestamp({ withTimezone: true }),
    /**
     * Where the technician on the way last said they were, when they share it (ADR 045): kept
     * only while the job is en route, cleared by the move that ends it.
     */
    technicianLatitude: doublePrecision(),
    technicianLongitude: doublePrecision(),
    technicianPositionAt: timestamp({ withTimezone: true }),
    /**
     * Texts about the request to the customer, by their consent: the number (E.164) and when
     * they agreed; the time is cleared when they stop them.
     */
    smsUpdatesPhone: text(),
    smsUpdatesConsentAt: timestamp({ withTimezone: true }),
    /**
     * The technician the customer asked for from their profile: dispatch offers the request to
     * them alone first, then to the nearest as usual.
     */
    preferredTechnicianId: integer().references(() => technicians.id, { onDelete: 'set null' }),
    completedAt: timestamp({ withTimezone: true }),
    canceledAt: timestamp({ withTimezone: true }),
    cancelReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('service_requests_customer_idx').on(t.customerId, t.createdAt.desc()),
    index('service_requests_status_idx').on(t.status, t.createdAt),
    index('service_requests_assigned_idx').on(t.assignedTechnicianId, t.status),
    // Completed jobs by date: a technician's analytics and the fair-price refresh (ADR 015).
    index('service_requests_completed_idx')
      .on(t.assignedTechnicianId, t.completedAt)
      .where(sql`${t.status} = 'completed'`),
    index('service_requests_vehicle_idx').on(t.vehicleId),
    check('service_requests_status_ck', oneOf(t.status, SERVICE_REQUEST_STATUSES)),
    check('service_requests_urgency_ck', oneOf(t.urgency, URGENCIES)),
    check(
      'service_requests_window_ck',
      sql`${t.windowStart} is null or ${t.windowEnd} > ${t.windowStart}`,
    ),
    check(
      'service_requests_new_window_ck',
      sql`(${t.newWindowStart} is null and ${t.newWindowEnd} is null) or ${t.newWindowEnd} > ${t.newWindowStart}`,
    ),
  ],
);

/** Every move of a request, with who made it and when: the request's timeline. */
export const serviceRequestEvents = pgTable(
  'service_request_events',
  {
    id: id(),
    serviceRequestId: integer()
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    /** The move's name (src/shared/service-request-rules.ts), e.g. 'confirm_window'. */
    move: text().notNull(),
    fromStatus: text().$type<ServiceRequestStatus>(),
    toStatus: text().$type<ServiceRequestStatus>().notNull(),
    actorRole: text().$type<'customer' | 'technician' | 'admin' | 'system'>().notNull(),
    actorUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    technicianId: integer().references(() => technicians.id, { onDelete: 'set null' }),
    note: text(),
    details: jsonb().$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('service_request_events_request_idx').on(t.serviceRequestId, t.id)],
);

export const jobNotifications = pgTable(
  'job_notifications',
  {
    id: id(),
    serviceRequestId: integer()
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    technicianId: integer()
      .notNull()
      .references(() => technicians.id, { onDelete: 'cascade' }),
    round: integer().notNull().default(1),
    distanceMiles: doublePrecision(),
    status: text().$type<JobNotificationStatus>().notNull().default('pending'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    respondedAt: timestamp({ withTimezone: true }),
    declineReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // A technician holds at most one open notification per request (dispatch also skips
    // technicians already asked since the request's dispatch last (re)started).
    uniqueIndex('job_notifications_request_technician_pending_uq')
      .on(t.serviceRequestId, t.technicianId)
      .where(sql`${t.status} = 'pending'`),
    index('job_notifications_request_idx').on(t.serviceRequestId, t.technicianId),
    // At most one accepted notification per request: the database guards the race.
    uniqueIndex('job_notifications_one_accept_uq')
      .on(t.serviceRequestId)
      .where(sql`${t.status} = 'accepted'`),
    index('job_notifications_technician_idx').on(t.technicianId, t.status, t.expiresAt),
    // A technician's analytics read their notifications by date (ADR 015).
    index('job_notifications_technician_created_idx').on(t.technicianId, t.createdAt),
    // The monthly job cap counts a technician's accepted jobs in a billing period (ADR 014).
    index('job_notifications_accepted_idx')
      .on(t.technicianId, t.respondedAt)
      .where(sql`${t.status} = 'accepted'`),
    index('job_notifications_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending'`),
    check('job_notifications_status_ck', oneOf(t.status, JOB_NOTIFICATION_STATUSES)),
  ],
);

/**
 * Photos of the problem, uploaded before the request exists (then bound to it when it is
 * submitted with the upload's signed token). The stored files are re-encoded JPEGs with no
 * metadata: a full size and a thumbnail.
 */
export const requestPhotos = pgTable(
  'request_photos',
  {
    id: id(),
    /** Null until the request that uses it is submitted; unattached uploads are swept. */
    serviceRequestId: integer().references(() => serviceRequests.id, { onDelete: 'cascade' }),
    /** 1 to 5 within its request: the unique index makes a sixth impossible under any race. */
    position: integer(),
    /** The signed-in uploader, if any (a guest's upload is bound by its token alone). */
    uploaderUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    storageKey: text().notNull().unique(),
    thumbnailKey: text().notNull().unique(),
    width: integer().notNull(),
    height: integer().notNull(),
    sizeBytes: integer().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('request_photos_request_position_uq').on(t.serviceRequestId, t.position),
    index('request_photos_unattached_idx')
      .on(t.createdAt)
      .where(sql`${t.serviceRequestId} is null`),
    check(
      'request_photos_position_ck',
      sql`(${t.serviceRequestId} is null and ${t.position} is null) or (${t.serviceRequestId} is not null and ${t.position} between 1 and 5)`,
    ),
  ],
);

/**
 * People outside the service area who asked to be e-mailed when Wrenchly serves their place:
 * the address, the place as resolved, and the consent they gave (its words and when). One row
 * per address and ZIP code (asking again renews the consent); admins export the list.
 */
export const serviceAreaWaitlist = pgTable(
  'service_area_waitlist',
  {
    id: id(),
    email: text().notNull(),
    place: text().notNull(),
    zip: text().notNull(),
    state: text().notNull(),
    consentText: text().notNull(),
    consentedAt: timestamp({ withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('service_area_waitlist_email_zip_uq').on(t.email, t.zip)],
);

/**
 * A technician's private calendar feed (webcal): its URL carries a MAC of the technician and this
 * generation under the session secret, so nothing secret is stored; resetting the link moves the
 * generation on and every earlier URL stops working.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  technicianId: integer()
    .primaryKey()
    .references(() => technicians.id, { onDelete: 'cascade' }),
  generation: integer().notNull().default(1),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A technician's price book: the services and parts they quote often, at their price (and
 * their own cost, for the margin). Quote lines are copied from it, so a later price change
 * never alters a quote already made.
 */
export const priceBookItems = pgTable(
  'price_book_items',
  {
    id: id(),
    technicianId: integer()
      .notNull()
      .references(() => technicians.id, { onDelete: 'cascade' }),
    kind: text().$type<'labor' | 'part'>().notNull(),
    name: text().notNull(),
    description: text(),
    partNumber: text(),
    unitPriceCents: integer().notNull(),
    costCents: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('price_book_items_name_uq').on(t.technicianId, t.kind, sql`lower(${t.name})`),
    check('price_book_items_kind_ck', oneOf(t.kind, ['labor', 'part'])),
    check('price_book_items_price_ck', sql`${t.unitPriceCents} >= 0`),
    check('price_book_items_cost_ck', sql`${t.costCents} is null or ${t.costCents} >= 0`),
  ],
);

/**
 * A customer's claim under the workmanship warranty of a completed job (ADR 044), and its answer:
 * accepted (a job at no charge, `followUpRequestId`, with the same technician) or declined with a
 * reason, by the technician or an admin who stepped in. One open claim per job at a time.
 */
export const warrantyClaims = pgTable(
  'warranty_claims',
  {
    id: id(),
    serviceRequestId: integer()
      .notNull()
      .references(() => serviceRequests.id, { onDelete: 'cascade' }),
    technicianId: integer().references(() => technicians.id, { onDelete: 'set null' }),
    problem: text().notNull(),
    mileage: integer(),
    status: text().$type<'open' | 'accepted' | 'declined'>().notNull().default('open'),
    answeredAt: timestamp({ withTimezone: true }),
    answeredBy: text().$type<'technician' | 'admin'>(),
    declineReason: text(),
    followUpRequestId: integer().references(() => serviceRequests.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('warranty_claims_request_idx').on(t.serviceRequestId, t.id),
    uniqueIndex('warranty_claims_one_open_idx')
      .on(t.serviceRequestId)
      .where(sql`${t.status} = 'open'`),
    check('warranty_claims_status_ck', sql`${t.status} in ('open', 'accepted', 'declined')`),
  ],
);

/**
 * A technician's private notes on a customer whose jobs they held (their customer list): seen by
 * that technician only, never by the customer or another technician.
 */
export const technicianCustomerNotes = pgTable(
  'technician_customer_notes',
  {
    technicianId: integer()
      .notNull()
      .references(() => technicians.id, { onDelete: 'cascade' }),
    customerId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notes: text().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.technicianId, t.customerId] })],
);
