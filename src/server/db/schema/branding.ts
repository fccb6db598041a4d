import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './_helpers';
import { technicians } from './marketplace';
import { documents } from './onboarding';

/**
 * A Professional technician's custom branding ('Custom branding' on the plans page). Kept when
 * the plan lapses; shown only while the plan delivers branding (domain/branding.ts).
 */
export const technicianBranding = pgTable(
  'technician_branding',
  {
    technicianId: integer()
      .primaryKey()
      .references(() => technicians.id, { onDelete: 'cascade' }),
    businessName: text(),
    logoDocumentId: integer().references(() => documents.id, { onDelete: 'set null' }),
    /** '#rrggbb', lower case. */
    accentColor: text(),
    footerText: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('technician_branding_accent_ck', sql`${t.accentColor} ~ '^#[0-9a-f]{6}$'`),
    check('technician_branding_name_ck', sql`char_length(${t.businessName}) between 1 and 100`),
    check('technician_branding_footer_ck', sql`char_length(${t.footerText}) between 1 and 300`),
  ],
);

/**
 * Personal API tokens ('API access'): the token is shown once; only its SHA-256 is kept, with
 * a short prefix the owner recognises it by. A revoked token stays (revokedAt) and never works.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    technicianId: integer()
      .notNull()
      .references(() => technicians.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    tokenHash: text().notNull().unique(),
    prefix: text().notNull(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('api_tokens_technician_idx').on(t.technicianId),
    check('api_tokens_name_ck', sql`char_length(${t.name}) between 1 and 100`),
  ],
);
