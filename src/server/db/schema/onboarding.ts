import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  APPLICATION_STATUSES,
  DOCUMENT_KINDS,
  VERIFICATION_STATUSES,
  VERIFICATION_TYPES,
  type ApplicationStatus,
  type DocumentKind,
  type VerificationStatus,
  type VerificationType,
} from '@shared/constants/domain';
import { createdAt, emptyTextArray, id, oneOf, updatedAt } from './_helpers';
import { users } from './identity';
import { technicians } from './marketplace';

export const DOCUMENT_STATES = ['awaiting_upload', 'uploaded'] as const;

/** Private uploaded files; the bytes live in storage (local disk or S3) under storageKey. */
export const documents = pgTable(
  'documents',
  {
    id: id(),
    /** Null while the upload belongs to an anonymous application not yet submitted. */
    ownerUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    kind: text().$type<DocumentKind>().notNull(),
    storageKey: text().notNull().unique(),
    originalName: text(),
    contentType: text(),
    sizeBytes: integer(),
    state: text().$type<(typeof DOCUMENT_STATES)[number]>().notNull().default('awaiting_upload'),
    uploadedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('documents_owner_idx').on(t.ownerUserId),
    check('documents_kind_ck', oneOf(t.kind, DOCUMENT_KINDS)),
    check('documents_state_ck', oneOf(t.state, DOCUMENT_STATES)),
    check(
      'documents_size_ck',
      sql`${t.sizeBytes} is null or ${t.sizeBytes} between 1 and 10485760`,
    ),
  ],
);

export const technicianApplications = pgTable(
  'technician_applications',
  {
    id: id(),
    firstName: text().notNull(),
    lastName: text().notNull(),
    email: text().notNull(),
    phone: text().notNull(),
    address: text().notNull(),
    city: text().notNull(),
    state: text().notNull(),
    zipCode: text().notNull(),
    yearsExperience: integer().notNull(),
    specialties: text().array().notNull().default(emptyTextArray),
    hourlyRateCents: integer().notNull(),
    bio: text().notNull(),
    driversLicenseDocumentId: integer().references(() => documents.id, { onDelete: 'set null' }),
    aseCertificationDocumentId: integer().references(() => documents.id, { onDelete: 'set null' }),
    status: text().$type<ApplicationStatus>().notNull().default('pending'),
    reviewedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp({ withTimezone: true }),
    reviewNotes: text(),
    /** The technician account created on approval. */
    userId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One pending application per e-mail address.
    uniqueIndex('technician_applications_pending_email_uq')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.status} = 'pending'`),
    index('technician_applications_status_idx').on(t.status, t.createdAt),
    check('technician_applications_status_ck', oneOf(t.status, APPLICATION_STATUSES)),
    check('technician_applications_state_ck', oneOf(t.state, ['MD', 'DC', 'VA'])),
  ],
);

export const verifications = pgTable(
  'verifications',
  {
    id: id(),
    technicianId: integer()
      .notNull()
      .references(() => technicians.id, { onDelete: 'cascade' }),
    verificationType: text().$type<VerificationType>().notNull(),
    credentialName: text().notNull(),
    issuingOrganization: text().notNull(),
    credentialNumber: text(),
    issueDate: date({ mode: 'string' }),
    expirationDate: date({ mode: 'string' }),
    notes: text(),
    verificationStatus: text().$type<VerificationStatus>().notNull().default('pending'),
    verifiedAt: timestamp({ withTimezone: true }),
    verifiedBy: text(),
    verifiedByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    documentId: integer().references(() => documents.id, { onDelete: 'set null' }),
    /** Last expiry reminder sent (30 or 7 days before), so the sweep sends each once. */
    reminderDaysSent: integer(),
    /**
     * How the admin checked a credential marked verified without a document: the registry
     * consulted and the reference found there (kept on the record, ADR 033).
     */
    checkedRegistry: text(),
    checkedReference: text(),
    /**
     * A rejected or expired record its technician (or an admin) withdrew: it leaves their lists
     * and counts for nothing, but stays on record for the audit trail (ADR 033).
     */
    withdrawnAt: timestamp({ withTimezone: true }),
    withdrawnByUserId: integer().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('verifications_technician_idx').on(t.technicianId, t.createdAt.desc()),
    index('verifications_status_idx').on(t.verificationStatus, t.createdAt),
    index('verifications_expiration_idx').on(t.expirationDate),
    check('verifications_type_ck', oneOf(t.verificationType, VERIFICATION_TYPES)),
    check('verifications_status_ck', oneOf(t.verificationStatus, VERIFICATION_STATUSES)),
  ],
);
