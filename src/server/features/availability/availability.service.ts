import type { FastifyInstance } from 'fastify';
import {
  AVAILABILITY_DAYS_AHEAD,
  DEFAULT_SCHEDULE,
  freeWindows,
  type Schedule,
} from '@shared/availability';
import type {
  AreaAvailability,
  ScheduleAnswer,
  TechnicianAvailability,
  TimeOff,
  TimeOffInput,
} from '@shared/schemas/availability';
import { SERVICE_TIME_ZONE } from '@shared/service-time';
import { calendarFacts, scheduleOf } from '../../domain/technician-calendar';
import * as calendar from '../../domain/technician-calendar.queries';
import { placeZip } from '../../domain/places';
import { assertServed } from '../../domain/service-area';
import { searchSnapshot } from '../../domain/technician-index';
import { AppError } from '../../infra/app-error';
import * as q from './availability.queries';

const DAY = 86_400_000;
/** How many of the nearest qualified technicians the windows near a place are the union of. */
export const AREA_TECHNICIANS = 25;
/** Without `from`/`to`: the next seven days. */
const DEFAULT_DAYS = 7;

const iso = (d: Date) => d.toISOString();
const toTimeOff = (r: {
  id: number;
  startsAt: Date;
  endsAt: Date;
  note: string | null;
}): TimeOff => ({
  id: r.id,
  startsAt: iso(r.startsAt),
  endsAt: iso(r.endsAt),
  note: r.note,
});

/** Technicians' working weeks, time off and free windows (ADR 043). */
export function createAvailabilityService(app: FastifyInstance) {
  /** The range asked for, within what is offered: from now to 14 days ahead. */
  function range(now: Date, from?: string, to?: string) {
    const start = new Date(Math.max(now.getTime(), from ? Date.parse(from) : 0));
    const limit = now.getTime() + AVAILABILITY_DAYS_AHEAD * DAY;
    const end = new Date(
      Math.min(limit, to ? Date.parse(to) : start.getTime() + DEFAULT_DAYS * DAY),
    );
    return { start, end };
  }

  return {
    async ofTechnician(id: number, from?: string, to?: string): Promise<TechnicianAvailability> {
      if (!(await q.isListed(app.db, id))) throw new AppError(404, 'Technician not found');
      const now = app.clock();
      const { start, end } = range(now, from, to);
      const windows =
        end <= start
          ? []
          : freeWindows((await calendarFacts(app.db, [id], start, end)).get(id)!, start, end, now);
      return {
        technicianId: id,
        timeZone: SERVICE_TIME_ZONE,
        windows: windows.map((w) => ({ start: iso(w.start), end: iso(w.end) })),
      };
    },

    /** The union of the free windows of the nearest qualified technicians who take leads. */
    async nearPlace(serviceType: string, location: string): Promise<AreaAvailability> {
      const z = placeZip(location);
      assertServed(location);
      const now = app.clock();
      const { start, end } = range(now);
      const { hits } = searchSnapshot(await app.technicianIndex.current(), {
        point: { latitude: z.latitude, longitude: z.longitude },
        serviceType,
        available: true,
        leads: true,
        now: now.getTime(),
        offset: 0,
        limit: AREA_TECHNICIANS,
        countTotal: false,
      });
      const ids = hits.map((h) => h.id);
      const facts = await calendarFacts(app.db, ids, start, end);
      const counts = new Map<string, { start: Date; end: Date; technicians: number }>();
      for (const id of ids) {
        for (const w of freeWindows(facts.get(id)!, start, end, now)) {
          const key = `${w.start.getTime()}-${w.end.getTime()}`;
          const seen = counts.get(key);
          if (seen) seen.technicians += 1;
          else counts.set(key, { ...w, technicians: 1 });
        }
      }
      const windows = [...counts.values()]
        .sort((a, b) => a.start.getTime() - b.start.getTime() || a.end.getTime() - b.end.getTime())
        .map((w) => ({ start: iso(w.start), end: iso(w.end), technicians: w.technicians }));
      return { timeZone: SERVICE_TIME_ZONE, windows, technicians: ids.length };
    },

    async schedule(technicianId: number): Promise<ScheduleAnswer> {
      const saved = await scheduleOf(app.db, technicianId);
      return {
        ...(saved ?? DEFAULT_SCHEDULE),
        isDefault: !saved,
        timeZone: SERVICE_TIME_ZONE,
      };
    },

    async saveSchedule(technicianId: number, s: Schedule): Promise<ScheduleAnswer> {
      await calendar.upsertSchedule(app.db, technicianId, s, app.clock());
      return this.schedule(technicianId);
    },

    /** The technician's time off that has not ended, earliest first. */
    async timeOff(technicianId: number): Promise<TimeOff[]> {
      return (await calendar.upcomingTimeOff(app.db, technicianId, app.clock())).map(toTimeOff);
    },

    async addTimeOff(technicianId: number, input: TimeOffInput): Promise<TimeOff> {
      const endsAt = new Date(input.endsAt);
      if (endsAt <= app.clock()) throw new AppError(400, 'Time off must end in the future');
      if (endsAt.getTime() > app.clock().getTime() + 366 * DAY)
        throw new AppError(400, 'Time off must end within a year');
      const row = await calendar.insertTimeOff(app.db, {
        technicianId,
        startsAt: new Date(input.startsAt),
        endsAt,
        note: input.note?.trim() || null,
      });
      return toTimeOff(row);
    },

    async removeTimeOff(technicianId: number, id: number) {
      if ((await calendar.deleteTimeOff(app.db, technicianId, id)) === 0)
        throw new AppError(404, 'Time off not found');
      return { message: 'Time off removed' };
    },
  };
}
