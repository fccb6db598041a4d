import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { WorkingDay } from '@shared/availability';
import { createdAt, id, updatedAt } from './_helpers';
import { technicians } from './marketplace';

/**
 * A technician's working week (ADR 043): hours per weekday on the service area's clock, the
 * travel time kept free around each booked window, and how many jobs a day they take. No row:
 * the default week (src/shared/availability.ts).
 */
export const technicianSchedules = pgTable(
  'technician_schedules',
  {
    technicianId: integer()
      .primaryKey()
      .references(() => technicians.id, { onDelete: 'cascade' }),
    /** Seven entries, Sunday first: `{ start: 'HH:MM', end: 'HH:MM' }` or null (off). */
    hours: jsonb().$type<WorkingDay[]>().notNull(),
    travelBufferMinutes: integer().notNull(),
    maxJobsPerDay: integer().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('technician_schedules_buffer_ck', sql`${t.travelBufferMinutes} between 0 and 240`),
    check('technician_schedules_jobs_ck', sql`${t.maxJobsPerDay} between 1 and 12`),
  ],
);

/** Time a technician takes no jobs: no window that touches it is offered or booked. */
export const technicianTimeOff = pgTable(
  'technician_time_off',
  {
    id: id(),
    technicianId: integer()
      .notNull()
      .references(() => technicians.id, { onDelete: 'cascade' }),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    note: text(),
    createdAt: createdAt(),
  },
  (t) => [
    index('technician_time_off_technician_idx').on(t.technicianId, t.endsAt),
    check('technician_time_off_range_ck', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);
