import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';
import { tzlib_get_ical_block } from 'timezones-ical-library';
import { SERVICE_TIME_ZONE } from '@shared/service-time';

/**
 * iCalendar (RFC 5545) files of single events, in a named time zone, written by ical-generator
 * (CRLF lines folded at 75 octets, text escaped). The zone's VTIMEZONE comes from the IANA zone
 * database (timezones-ical-library, kept current with it) and the event's wall-clock times from
 * Node's own copy of that database (Intl, through luxon), so neither is a rule written here.
 */

export type CalendarEvent = {
  /** Stable for the thing the event is about: calendars update the event instead of adding one. */
  uid: string;
  /** When the file was made. */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  location?: string;
  description?: string;
  url?: string;
  /** A window proposed but not confirmed yet is TENTATIVE; left out, no status is written. */
  status?: 'confirmed' | 'tentative';
};

export const ICS_TIME_ZONE = SERVICE_TIME_ZONE;

/** The zone's VTIMEZONE block, or null for a zone the database does not know. */
export function vtimezone(zone: string): string | null {
  const [block] = tzlib_get_ical_block(zone);
  return block?.startsWith('BEGIN:VTIMEZONE') ? block : null;
}

/** A moment as a luxon time in the zone: ical-generator writes its wall clock under TZID. */
const inZone = (at: Date) => DateTime.fromJSDate(at, { zone: ICS_TIME_ZONE });

/** A VCALENDAR with one VEVENT, published (METHOD:PUBLISH), its times in America/New_York. */
export function calendarFile(event: CalendarEvent, prodId: string): string {
  return calendarOf([event], prodId);
}

/**
 * A VCALENDAR of any number of VEVENTs (a subscribed feed: `name` is what calendar apps show
 * for it), published, their times in America/New_York.
 */
export function calendarOf(events: CalendarEvent[], prodId: string, name?: string): string {
  const calendar = ical({
    // ical-generator writes the leading '-' (a product id without a registered owner) itself.
    prodId: prodId.replace(/^-(?=\/\/)/, ''),
    method: ICalCalendarMethod.PUBLISH,
    ...(name && { name }),
    // No calendar-wide zone: with one, ical-generator would write DTSTAMP in it rather than in
    // UTC. The generator still adds the VTIMEZONE of every zone an event names.
    timezone: { name: null, generator: vtimezone },
  });
  for (const event of events) addEvent(calendar, event);
  return `${calendar.toString()}\r\n`;
}

function addEvent(calendar: ReturnType<typeof ical>, event: CalendarEvent) {
  calendar.createEvent({
    id: event.uid,
    stamp: event.stamp,
    start: inZone(event.start),
    end: inZone(event.end),
    timezone: ICS_TIME_ZONE,
    summary: event.summary,
    location: event.location ?? null,
    description: event.description ?? null,
    url: event.url ?? null,
    ...(event.status && {
      status: event.status === 'confirmed' ? ICalEventStatus.CONFIRMED : ICalEventStatus.TENTATIVE,
    }),
  });
}
