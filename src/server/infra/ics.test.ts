import { describe, expect, it } from 'vitest';
import { calendarFile, escapeText, foldLine } from './ics';

describe('iCalendar lines', () => {
  it('folds at 75 octets without splitting a UTF-8 character, and unfolds back', () => {
    const line = `DESCRIPTION:${'é'.repeat(100)}–${'a'.repeat(90)}`;
    const folded = foldLine(line);
    for (const part of folded.split('\r\n'))
      expect(Buffer.byteLength(part)).toBeLessThanOrEqual(75);
    expect(folded.replace(/\r\n /g, '')).toBe(line);
    expect(foldLine('SHORT:1')).toBe('SHORT:1');
  });

  it('escapes text values', () => {
    expect(escapeText('a,b;c\\d\ne')).toBe('a\\,b\\;c\\\\d\\ne');
  });

  it('writes CRLF lines and the zone of the times', () => {
    const ics = calendarFile(
      {
        uid: 'x@y',
        stamp: new Date('2026-06-01T12:00:00Z'),
        start: new Date('2026-07-04T13:00:00Z'),
        end: new Date('2026-07-04T15:30:00Z'),
        summary: 'Visit',
      },
      '-//T//EN',
    );
    expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(ics).toContain('\r\nDTSTART;TZID=America/New_York:20260704T090000\r\n');
    expect(ics).toContain('\r\nDTEND;TZID=America/New_York:20260704T113000\r\n');
    expect(ics).toContain('\r\nDTSTAMP:20260601T120000Z\r\n');
    expect(ics.split('\r\n').join('')).not.toMatch(/\n/);
  });
});
