import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { id } from './_helpers';

/**
 * Payment providers' webhook events, stored raw as they arrived (after their signature was
 * verified), once per provider and event id: a replay finds its row and is not applied again.
 * The worker (features/webhooks) claims unprocessed rows (`for update skip locked`), applies
 * them and sets `processedAt`; a failure counts an attempt and waits until `nextAttemptAt`.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: id(),
    provider: text().$type<'square' | 'paypal'>().notNull(),
    eventId: text().notNull(),
    type: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp({ withTimezone: true }),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastError: text(),
  },
  (t) => [
    uniqueIndex('webhook_events_provider_event_uq').on(t.provider, t.eventId),
    index('webhook_events_unprocessed_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.processedAt} is null`),
    check('webhook_events_provider_ck', sql`${t.provider} in ('square', 'paypal')`),
  ],
);
