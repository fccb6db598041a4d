import { describe, expect, it } from 'vitest';
import { invoiceStatusBadge } from './invoice-status';

describe("an invoice's status badge", () => {
  it('shows Paid, Pending (or what the reader calls it) and Disputed', () => {
    expect(invoiceStatusBadge('paid')).toEqual({ variant: 'success', label: 'Paid' });
    expect(invoiceStatusBadge('pending')).toEqual({ variant: 'warning', label: 'Pending' });
    expect(invoiceStatusBadge('pending', 'Payment due').label).toBe('Payment due');
    expect(invoiceStatusBadge('disputed', 'Payment due')).toEqual({
      variant: 'destructive',
      label: 'Disputed',
    });
  });
});
