import { z } from 'zod';
import {
  AVAILABILITY_DAYS_AHEAD,
  MAX_PICKED_WINDOWS,
  WINDOW_MINUTES,
  type WorkingDay,
} from '../availability';
import { SERVICE_TIME_ZONE } from '../service-time';
import { safeText } from './common';
import { serviceTypeSchema } from './request-fields';

const isoDateTime = (what: string) =>
  z.iso.datetime({ offset: true, error: `${what} must be a date and time (ISO 8601)` });

const HHMM = /^([01]\d|2[0-3]):(00|30)$/;
const clock = z
  .string()
  .regex(HHMM, 'Working hours are on the hour or half hour, from 00:00 to 23:30');

const workingDay = z
  .object({ start: clock, end: clock.or(z.literal('24:00')) })
  .nullable()
  .refine((d) => d === null || d.end > d.start, 'A working day must end after it starts')
  .refine(
    (d) => {
      if (!d) return true;
      const [sh, sm] = d.start.split(':').map(Number) as [number, number];
      const [eh, em] = d.end.split(':').map(Number) as [number, number];
      return eh * 60 + em - (sh * 60 + sm) >= WINDOW_MINUTES;
    },
    { message: 'A working day must be at least two hours long (one arrival window)' },
  );

/** PUT /api/availability/schedule: the technician's working week. */
export const scheduleSchema = z.object({
  /** Seven days, Sunday first; null for a day off. */
  hours: z
    .array(workingDay)
    .length(7, 'Give the hours of all seven days, Sunday first (null for a day off)'),
  travelBufferMinutes: z
    .number({ error: 'The travel buffer must be a number of minutes' })
    .int('The travel buffer must be a whole number of minutes')
    .min(0, 'The travel buffer must be 0 to 240 minutes')
    .max(240, 'The travel buffer must be 0 to 240 minutes'),
  maxJobsPerDay: z
    .number({ error: 'Jobs a day must be a number' })
    .int('Jobs a day must be a whole number')
    .min(1, 'Jobs a day must be 1 to 12')
    .max(12, 'Jobs a day must be 1 to 12'),
});
export type ScheduleInput = z.input<typeof scheduleSchema>;
export const scheduleResponseSchema = z.object({
  hours: z.array(z.object({ start: z.string(), end: z.string() }).nullable()),
  travelBufferMinutes: z.number(),
  maxJobsPerDay: z.number(),
  /** Whether these are the technician's own or the default week (never saved). */
  isDefault: z.boolean(),
  timeZone: z.literal(SERVICE_TIME_ZONE),
});
export type ScheduleAnswer = z.output<typeof scheduleResponseSchema> & { hours: WorkingDay[] };

export const TIME_OFF_MAX_DAYS = 90;
/** POST /api/availability/time-off */
export const timeOffInputSchema = z
  .object({
    startsAt: isoDateTime('The start'),
    endsAt: isoDateTime('The end'),
    note: safeText().trim().max(200, 'The note must be at most 200 characters').nullish(),
  })
  .refine((t) => Date.parse(t.endsAt) > Date.parse(t.startsAt), {
    path: ['endsAt'],
    message: 'Time off must end after it starts',
  })
  .refine((t) => Date.parse(t.endsAt) - Date.parse(t.startsAt) <= TIME_OFF_MAX_DAYS * 86_400_000, {
    path: ['endsAt'],
    message: `Time off can be at most ${TIME_OFF_MAX_DAYS} days at a time`,
  });
export type TimeOffInput = z.input<typeof timeOffInputSchema>;
export const timeOffSchema = z.object({
  id: z.number(),
  startsAt: z.string(),
  endsAt: z.string(),
  note: z.string().nullable(),
});
export type TimeOff = z.output<typeof timeOffSchema>;

const windowSchema = z.object({ start: z.string(), end: z.string() });
export type WindowView = z.output<typeof windowSchema>;

/** GET /api/technicians/:id/availability?from=&to= (both optional: the next seven days). */
export const availabilityQuerySchema = z
  .object({
    from: isoDateTime('from').optional(),
    to: isoDateTime('to').optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.to) > Date.parse(q.from), {
    path: ['to'],
    message: 'to must be after from',
  })
  .refine(
    (q) =>
      !q.from ||
      !q.to ||
      Date.parse(q.to) - Date.parse(q.from) <= AVAILABILITY_DAYS_AHEAD * 86_400_000,
    { path: ['to'], message: `Ask for at most ${AVAILABILITY_DAYS_AHEAD} days at a time` },
  );
export const technicianAvailabilitySchema = z.object({
  technicianId: z.number(),
  timeZone: z.literal(SERVICE_TIME_ZONE),
  windows: z.array(windowSchema),
});
export type TechnicianAvailability = z.output<typeof technicianAvailabilitySchema>;

/** GET /api/availability?serviceType=&location=: the windows of qualified technicians nearby. */
export const areaAvailabilityQuerySchema = z.object({
  serviceType: serviceTypeSchema,
  location: safeText()
    .trim()
    .min(1, 'Please enter a location')
    .max(200, 'The location must be at most 200 characters'),
});
export const areaAvailabilitySchema = z.object({
  timeZone: z.literal(SERVICE_TIME_ZONE),
  /** The windows at least one of them is free in, with how many are. */
  windows: z.array(windowSchema.extend({ technicians: z.number() })),
  /** How many qualified technicians near the place were looked at. */
  technicians: z.number(),
});
export type AreaAvailability = z.output<typeof areaAvailabilitySchema>;

/** The windows a customer picks on a request: up to three two-hour windows, ahead. */
export const requestedWindowsSchema = z
  .array(
    z
      .object({ start: isoDateTime('A window'), end: isoDateTime('A window') })
      .refine((w) => Date.parse(w.end) - Date.parse(w.start) === WINDOW_MINUTES * 60_000, {
        message: 'Each arrival window is two hours long',
      }),
  )
  .max(MAX_PICKED_WINDOWS, `Pick at most ${MAX_PICKED_WINDOWS} arrival windows`)
  .nullish();
