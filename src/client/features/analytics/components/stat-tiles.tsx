import type { AnalyticsSummary } from '@shared/schemas/analytics';
import { duration, money, percent } from '../format';

/** The headline figures of the range (the Premium plan's basic set). */
export function StatTiles({ basic }: { basic: AnalyticsSummary['basic'] }) {
  const n = basic.notifications;
  const tiles: [string, string, string?][] = [
    ['Jobs notified', String(n.notified)],
    ['Accepted', String(n.accepted)],
    ['Declined', String(n.declined)],
    ['Expired', String(n.expired)],
    [
      'Acceptance rate',
      percent(n.acceptanceRate),
      'of the notifications you accepted, declined or let expire',
    ],
    ['Median response', duration(n.medianResponseSeconds), 'from notification to your answer'],
    ['Jobs completed', String(basic.jobsCompleted)],
    ['Revenue', money(basic.revenue.total), 'point-of-sale payments received'],
    ['Tips', money(basic.revenue.tips), 'from your customers, on top of revenue'],
    [
      'Average ticket',
      basic.revenue.averageTicket === null ? '—' : money(basic.revenue.averageTicket),
      `over ${basic.revenue.tickets} paid ${basic.revenue.tickets === 1 ? 'ticket' : 'tickets'}`,
    ],
    [
      'Average rating',
      basic.ratings.average ?? '—',
      `from ${basic.ratings.reviews} ${basic.ratings.reviews === 1 ? 'review' : 'reviews'}`,
    ],
  ];
  return (
    <section aria-label="Key figures">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {tiles.map(([label, value, note]) => (
          <div key={label} className="rounded-lg border bg-card p-4 shadow-sm">
            <dt className="text-sm text-slate-600">{label}</dt>
            <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
            {note && <dd className="mt-1 text-xs text-slate-500">{note}</dd>}
          </div>
        ))}
      </dl>
    </section>
  );
}
