import { describe, expect, it } from 'vitest';
import type { TimelineEntry } from '@shared/schemas/service-request-views';
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

describe('timelineLabel', () => {
  it('names what happened to the documents and payments', () => {
    const doc = (move: string, details: Record<string, unknown>) =>
      timelineLabel(entry({ move, details }));
    expect(doc('quote_sent', { number: 'Q-2026-000007', version: 1 })).toBe(
      'Quote Q-2026-000007 sent',
    );
    expect(doc('quote_sent', { number: 'Q-2026-000007', version: 2 })).toBe(
      'Quote Q-2026-000007 (version 2) sent',
    );
    expect(doc('quote_signed', { number: 'Q-2026-000007' })).toBe('Quote Q-2026-000007 signed');
    expect(doc('invoice_issued', { number: 'INV-2026-000003' })).toBe(
      'Invoice INV-2026-000003 issued',
    );
    expect(doc('deposit_paid', { amount: '40.00' })).toBe('Deposit of $40.00 paid');
    expect(doc('payment_received', { amount: '1250.50' })).toBe('Payment of $1,250.50 received');
    expect(doc('invoice_paid', { invoiceNumber: 'INV-2026-000003' })).toBe(
      'Invoice INV-2026-000003 paid in full',
    );
    expect(doc('payment_refunded', { amount: '40.00' })).toBe('$40.00 refunded');
  });

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
