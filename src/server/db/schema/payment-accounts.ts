import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './_helpers';
import { technicians } from './marketplace';

/**
 * A technician's own payment account at a provider (Square through OAuth, PayPal through partner
 * onboarding, or the built-in sandbox): customers' card payments, deposits and refunds run on it,
 * so the money reaches the technician directly (ADR 030). Tokens are encrypted at rest
 * (AES-256-GCM, infra/payments/token-cipher.ts). One row per technician and provider; a
 * disconnected account keeps its row (status 'disconnected', tokens cleared) for the record.
 */
export const paymentConnections = pgTable(
  'payment_connections',
  {
    id: id(),
    technicianId: integer()
      .notNull()
      .references(() => technicians.id, { onDelete: 'cascade' }),
    /** The provider that charges: 'square', 'paypal' or 'sandbox'. */
    provider: text().notNull(),
    status: text().notNull().default('connected'),
    /** The provider's id of the seller: Square merchant id, PayPal merchant (payer) id. */
    merchantId: text().notNull(),
    /** Square: the location payments are taken at. */
    locationId: text(),
    accessTokenEnc: text(),
    refreshTokenEnc: text(),
    expiresAt: timestamp({ withTimezone: true }),
    scopes: text(),
    connectedAt: timestamp({ withTimezone: true }).notNull(),
    disconnectedAt: timestamp({ withTimezone: true }),
    /** Why it was disconnected: 'technician', 'revoked' (at the provider), 'refresh_failed'. */
    disconnectReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_connections_technician_provider_uq').on(t.technicianId, t.provider),
    index('payment_connections_merchant_idx').on(t.provider, t.merchantId),
    check('payment_connections_status_ck', sql`${t.status} in ('connected', 'disconnected')`),
  ],
);

/**
 * The `state` of an authorisation in progress: issued to one technician for one provider, used
 * once, for ten minutes. A replayed or foreign state is refused at the callback.
 */
export const paymentOauthStates = pgTable(
  'payment_oauth_states',
  {
    state: text().primaryKey(),
    technicianId: integer()
      .notNull()
      .references(() => technicians.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    /** Where to send the technician back: 'profile' or 'pos'. */
    returnTo: text().notNull().default('profile'),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('payment_oauth_states_expires_idx').on(t.expiresAt)],
);
