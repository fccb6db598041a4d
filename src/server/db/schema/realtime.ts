import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './_helpers';
import { serviceRequests, technicians } from './marketplace';

/**
 * Events pushed to technicians (new and closed job notifications). Written in the same
 * transaction as the change and announced with NOTIFY; a reconnecting client replays what it
 * missed from here by id (Last-Event-ID). Old rows are swept.
 */
export const realtimeEvents = pgTable(
  'realtime_events',
  {
    id: id(),
    /** Exactly one of technicianId (a technician's stream) and serviceRequestId (a request's). */
    technicianId: integer().references(() => technicians.id, { onDelete: 'cascade' }),
    serviceRequestId: integer().references(() => serviceRequests.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('realtime_events_technician_idx').on(t.technicianId, t.id),
    index('realtime_events_request_idx').on(t.serviceRequestId, t.id),
    check(
      'realtime_events_target_ck',
      sql`(${t.technicianId} is null) <> (${t.serviceRequestId} is null)`,
    ),
    index('realtime_events_created_idx').on(t.createdAt),
  ],
);

/**
 * One row whose version goes up, by trigger (migration 0003), in the transaction of every
 * change to what technician search filters or orders on. Each app instance keeps an in-memory
 * search index and reloads it when the version it sees here has moved (ADR 005).
 */
export const searchIndexState = pgTable('search_index_state', {
  id: integer().primaryKey(),
  version: bigint({ mode: 'number' }).notNull().default(0),
});
