import ICAL from 'ical.js';
import { afterEach, describe, expect, it } from 'vitest';
import { calendarFile, ICS_TIME_ZONE, type CalendarEvent } from './ics';

const event = (start: string, end: string, more: Partial<CalendarEvent> = {}): CalendarEvent => ({
  uid: 'x@y',
  stamp: new Date('2026-06-01T12:00:00Z'),
  start: new Date(start),
  end: new Date(end),
  summary: 'Visit',
  ...more,
});

/**
 * The event's start and end as a calendar reads them: ical.js (Thunderbird's parser) resolves
 * the local times through the file's own VTIMEZONE.
 */
function readBack(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  const zones = calendar.getAllSubcomponents('vtimezone');
  expect(zones).toHaveLength(1);
  const zone = new ICAL.Timezone(zones[0]!);
  expect(zone.tzid).toBe(ICS_TIME_ZONE);
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  const at = (name: string) => {
    const property = vevent.getFirstProperty(name)!;
    expect(property.getParameter('tzid')).toBe(ICS_TIME_ZONE);
    const time = property.getFirstValue() as ICAL.Time;
    time.zone = zone;
    return time.toJSDate().toISOString();
  };
  return { start: at('dtstart'), end: at('dtend'), zone };
}

describe('iCalendar file', () => {
  const tz = process.env.TZ;
  afterEach(() => {
    if (tz === undefined) delete process.env.TZ;
    else process.env.TZ = tz;
  });

  it('writes CRLF lines folded at 75 octets, escaped text and the zone of the times', () => {
    const ics = calendarFile(
      event('2026-07-04T13:00:00Z', '2026-07-04T15:30:00Z', {
        summary: 'Brakes, front; rear',
        description: `${'é'.repeat(100)}–${'a'.repeat(90)}\nline two`,
      }),
      '-//T//E//EN',
    );
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toMatch(/\r\nEND:VCALENDAR\r\n$/);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('\r\nPRODID:-//T//E//EN\r\n');
    expect(unfolded).toContain('\r\nMETHOD:PUBLISH\r\n');
    expect(unfolded).toContain('\r\nDTSTART;TZID=America/New_York:20260704T090000\r\n');
    expect(unfolded).toContain('\r\nDTEND;TZID=America/New_York:20260704T113000\r\n');
    expect(unfolded).toContain('\r\nDTSTAMP:20260601T120000Z\r\n');
    expect(unfolded).toContain('\r\nSUMMARY:Brakes\\, front\\; rear\r\n');
    expect(unfolded).toContain(
      `\r\nDESCRIPTION:${'é'.repeat(100)}–${'a'.repeat(90)}\\nline two\r\n`,
    );
    expect(unfolded).toContain('\r\nBEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n');
  });

  it('writes the same file whatever zone the server runs in', () => {
    const e = event('2026-11-01T05:30:00Z', '2026-11-01T07:30:00Z');
    process.env.TZ = 'UTC';
    const utc = calendarFile(e, '-//T//E//EN');
    process.env.TZ = 'Asia/Tokyo';
    expect(new Date('2026-11-01T05:30:00Z').getHours()).toBe(14); // the zone did change
    expect(calendarFile(e, '-//T//E//EN')).toBe(utc);
    expect(utc).toContain('DTSTART;TZID=America/New_York:20261101T013000');
  });

  it('gives a calendar the same instants across the changes to and from daylight time', () => {
    // Windows that span the change (2 a.m. skipped in March, 1 a.m. twice in November), in
    // years near and far. A time within November's repeated hour cannot be told apart as local
    // time with a TZID (RFC 5545 takes the first, some readers the second): none is used here.
    const windows: [string, string][] = [
      ['2027-03-14T06:00:00Z', '2027-03-14T08:00:00Z'], // 1:00 EST -> 4:00 EDT
      ['2027-11-07T04:30:00Z', '2027-11-07T07:30:00Z'], // 0:30 EDT -> 2:30 EST
      ['2026-03-08T06:59:00Z', '2026-03-08T07:01:00Z'],
      ['2040-03-11T06:00:00Z', '2040-03-11T08:00:00Z'],
      ['2040-11-04T04:00:00Z', '2040-11-04T08:00:00Z'],
    ];
    for (const [start, end] of windows) {
      const read = readBack(calendarFile(event(start, end), '-//T//E//EN'));
      expect([read.start, read.end], start).toEqual([
        new Date(start).toISOString(),
        new Date(end).toISOString(),
      ]);
    }
  });

  it("carries a VTIMEZONE whose offset is the zone database's on every day of the years ahead", () => {
    const { zone } = readBack(
      calendarFile(event('2026-07-04T13:00Z', '2026-07-04T15:00Z'), '-//T//E//EN'),
    );
    const offsetOf = (at: Date) => {
      // Node's zone database (ICU): the wall clock in New York against UTC.
      const parts = new Intl.DateTimeFormat('en-US', {
        timeZone: ICS_TIME_ZONE,
        timeZoneName: 'longOffset',
      }).formatToParts(at);
      const name = parts.find((p) => p.type === 'timeZoneName')!.value; // GMT-04:00
      const m = /GMT([+-])(\d\d):(\d\d)/.exec(name)!;
      return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 3600 + Number(m[3]) * 60);
    };
    let checked = 0;
    for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2036, 0, 1); day += 86_400_000) {
      const at = new Date(day + 17 * 3_600_000); // noon or 1 p.m. in New York
      const time = ICAL.Time.fromJSDate(at, true);
      expect(zone.utcOffset(time.convertToZone(zone)), at.toISOString()).toBe(offsetOf(at));
      checked++;
    }
    expect(checked).toBeGreaterThan(3600);
  });
});
