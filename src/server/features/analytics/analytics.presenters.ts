import type { PosPaymentMethod } from '@shared/constants/domain';

/** One month of a technician's figures (cents for money). */
export type MonthRow = {
  month: string;
  notified: number;
  accepted: number;
  declined: number;
  expired: number;
  medianResponseSeconds: number | null;
  completed: number;
  revenue: Record<PosPaymentMethod, number>;
  payments: Record<PosPaymentMethod, number>;
  /** Customers' tips, on top of the revenue (the technician's, not invoiced). */
  tips: number;
  reviews: number;
  /** The sum of the month's review ratings. */
  stars: number;
};

const HEADER = [
  'Month',
  'Notified',
  'Accepted',
  'Declined',
  'Expired',
  'Acceptance rate (%)',
  'Median response (s)',
  'Jobs completed',
  'Card',
  'Cash',
  'Check',
  'Digital',
  'Revenue',
  'Tips',
  'Reviews',
  'Average rating',
];

const dollars = (c: number) => (c / 100).toFixed(2);
const rate = (accepted: number, declined: number, expired: number) => {
  const decided = accepted + declined + expired;
  return decided === 0 ? '' : ((accepted / decided) * 100).toFixed(1);
};

function line(m: Omit<MonthRow, 'payments'>) {
  const r = m.revenue;
  return [
    m.month,
    m.notified,
    m.accepted,
    m.declined,
    m.expired,
    rate(m.accepted, m.declined, m.expired),
    m.medianResponseSeconds ?? '',
    m.completed,
    dollars(r.card),
    dollars(r.cash),
    dollars(r.check),
    dollars(r.digital),
    dollars(r.card + r.cash + r.check + r.digital),
    dollars(m.tips),
    m.reviews,
    m.reviews === 0 ? '' : (m.stars / m.reviews).toFixed(2),
  ].join(',');
}

/**
 * The export: one row per month, then a Total row (its median is the whole range's). Every
 * cell is a number, a month or empty, so nothing needs quoting and no cell can be a formula.
 */
export function analyticsCsv(
  months: MonthRow[],
  overall: { medianResponseSeconds: number | null },
) {
  const total = months.reduce(
    (t, m) => ({
      ...t,
      notified: t.notified + m.notified,
      accepted: t.accepted + m.accepted,
      declined: t.declined + m.declined,
      expired: t.expired + m.expired,
      completed: t.completed + m.completed,
      revenue: {
        card: t.revenue.card + m.revenue.card,
        cash: t.revenue.cash + m.revenue.cash,
        check: t.revenue.check + m.revenue.check,
        digital: t.revenue.digital + m.revenue.digital,
      },
      tips: t.tips + m.tips,
      reviews: t.reviews + m.reviews,
      stars: t.stars + m.stars,
    }),
    {
      month: 'Total',
      notified: 0,
      accepted: 0,
      declined: 0,
      expired: 0,
      medianResponseSeconds: overall.medianResponseSeconds,
      completed: 0,
      revenue: { card: 0, cash: 0, check: 0, digital: 0 },
      tips: 0,
      reviews: 0,
      stars: 0,
    },
  );
  return [HEADER.join(','), ...months.map(line), line(total)].join('\r\n') + '\r\n';
}
