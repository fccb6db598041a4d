import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from '@shared/schemas/jobs';
import { requestPath } from '@shared/paths';
import { requestApiUrl } from './api/keys';
import { formatMoney } from './format';
import { timelineLabel } from './timeline';

const entry = (over: Partial<TimelineEntry>): TimelineEntry => ({
  id: 1,
  move: 'submit',
  fromStatus: null,
  toStatus: 'requested',
  actor: 'system',
  actorName: null,
  note: null,
  details: null,
  at: '2026-11-23T18:00:00.000Z',
  ...over,
});

describe('request links', () => {
  it('carries the guest token on the page and on every API call', () => {
    expect(requestPath('WR-000123')).toBe('/requests/WR-000123');
    expect(requestPath('WR-000123', 'a_b-c')).toBe('/requests/WR-000123?t=a_b-c');
    expect(requestApiUrl('WR-000123', undefined)).toBe('/api/service-requests/WR-000123');
    expect(requestApiUrl('WR-000123', 'tok', '/moves')).toBe(
      '/api/service-requests/WR-000123/moves?t=tok',
    );
    expect(requestApiUrl('WR-000123', 'a+b/c', '/stream')).toBe(
      '/api/service-requests/WR-000123/stream?t=a%2Bb%2Fc',
    );
  });
});

describe('timelineLabel', () => {
  it('names each move in the customer’s words', () => {
    expect(timelineLabel(entry({}))).toBe('Request submitted');
    expect(
      timelineLabel(entry({ move: 'dispatch_round', details: { round: 2, notified: 1 } })),
    ).toBe('Round 2: 1 technician notified');
    expect(
      timelineLabel(entry({ move: 'dispatch_round', details: { round: 1, notified: 4 } })),
    ).toBe('Round 1: 4 technicians notified');
    expect(timelineLabel(entry({ move: 'dispatch_round', details: null }))).toBe(
      'Technicians notified',
    );
    expect(
      timelineLabel(
        entry({ move: 'dispatch_round', details: { round: 0, notified: 1, firstChoice: true } }),
      ),
    ).toBe('Sent to your chosen technician first');
    expect(timelineLabel(entry({ move: 'start_route', toStatus: 'en_route' }))).toBe(
      'Technician on the way',
    );
    expect(timelineLabel(entry({ move: 'cancel', toStatus: 'canceled' }))).toBe('Request canceled');
    expect(timelineLabel(entry({ move: 'cancel', toStatus: 'dispatching' }))).toBe(
      'Technician withdrew',
    );
    expect(timelineLabel(entry({ move: 'something_new', toStatus: 'scheduled' }))).toBe(
      'Scheduled',
    );
  });
});

describe('formatMoney', () => {
  it('shows dollars with cents and thousands separators', () => {
    expect(formatMoney('162.4')).toBe('$162.40');
    expect(formatMoney('1234.5')).toBe('$1,234.50');
  });
});
