import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { monthLabel } from '@shared/analytics';
import { POS_PAYMENT_METHODS } from '@shared/constants/domain';
import type { AnalyticsSummary } from '@shared/schemas/analytics';
import { axisMoney, COLORS, dollars, METHOD_LABELS, money, tooltipMoney } from '../format';
import { ChartCard } from './chart-card';

type Advanced = NonNullable<AnalyticsSummary['advanced']>;

const axis = { fontSize: 12 };

/** Point-of-sale revenue per month, stacked by payment method. */
export function RevenueByMonthChart({ advanced }: { advanced: Advanced }) {
  const data = advanced.revenueByMonth.map((m) => ({
    label: monthLabel(m.month),
    ...Object.fromEntries(POS_PAYMENT_METHODS.map((k) => [k, dollars(m[k])])),
  }));
  const best = [...advanced.revenueByMonth].sort((a, b) => dollars(b.total) - dollars(a.total))[0];
  return (
    <ChartCard
      title="Revenue by month"
      summary={
        best && dollars(best.total) > 0
          ? `Highest in ${monthLabel(best.month)}: ${money(best.total)}.`
          : 'No payments in this period.'
      }
      table={{
        caption: 'Revenue per month by payment method, and the tips on top of it',
        head: ['Month', ...POS_PAYMENT_METHODS.map((k) => METHOD_LABELS[k]), 'Total', 'Tips'],
        rows: advanced.revenueByMonth.map((m) => [
          monthLabel(m.month),
          ...POS_PAYMENT_METHODS.map((k) => money(m[k])),
          money(m.total),
          money(m.tips),
        ]),
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={axis} />
          <YAxis width={56} tick={axis} tickFormatter={axisMoney} />
          <Tooltip formatter={tooltipMoney} />
          <Legend />
          {POS_PAYMENT_METHODS.map((k) => (
            <Bar key={k} dataKey={k} name={METHOD_LABELS[k]} stackId="revenue" fill={COLORS[k]} />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

/** Revenue per payment method over the whole range. */
export function RevenueByMethodChart({ advanced }: { advanced: Advanced }) {
  const data = advanced.revenueByMethod.map((m) => ({
    label: METHOD_LABELS[m.method],
    amount: dollars(m.amount),
    method: m.method,
  }));
  const top = [...advanced.revenueByMethod].sort(
    (a, b) => dollars(b.amount) - dollars(a.amount),
  )[0];
  return (
    <ChartCard
      title="Revenue by payment method"
      summary={
        top && dollars(top.amount) > 0
          ? `Most paid by ${METHOD_LABELS[top.method].toLowerCase()}: ${money(top.amount)} in ${top.payments} payments.`
          : 'No payments in this period.'
      }
      table={{
        caption: 'Revenue by payment method',
        head: ['Method', 'Payments', 'Amount'],
        rows: advanced.revenueByMethod.map((m) => [
          METHOD_LABELS[m.method],
          m.payments,
          money(m.amount),
        ]),
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={data} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={axis} />
          <YAxis width={56} tick={axis} tickFormatter={axisMoney} />
          <Tooltip formatter={tooltipMoney} />
          <Bar dataKey="amount" name="Revenue" fill={COLORS.card} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

/** The average rating of each month's reviews. */
export function RatingsChart({ advanced }: { advanced: Advanced }) {
  const data = advanced.ratingsByMonth.map((m) => ({
    label: monthLabel(m.month),
    average: m.average === null ? null : Number(m.average),
    reviews: m.reviews,
  }));
  const rated = advanced.ratingsByMonth.filter((m) => m.average !== null);
  const first = rated[0];
  const last = rated.at(-1);
  return (
    <ChartCard
      title="Ratings over time"
      summary={
        first && last
          ? `Average rating ${first.average} in ${monthLabel(first.month)}, ${last.average} in ${monthLabel(last.month)}.`
          : 'No reviews in this period.'
      }
      table={{
        caption: 'Reviews and average rating per month',
        head: ['Month', 'Reviews', 'Average rating'],
        rows: advanced.ratingsByMonth.map((m) => [
          monthLabel(m.month),
          m.reviews,
          m.average ?? '—',
        ]),
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={data} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={axis} />
          <YAxis domain={[1, 5]} ticks={[1, 2, 3, 4, 5]} width={32} tick={axis} />
          <Tooltip />
          <Line
            type="monotone"
            dataKey="average"
            name="Average rating"
            stroke={COLORS.rating}
            strokeWidth={2}
            connectNulls
          />
        </LineChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}

/** How quickly the technician answered job notifications. */
export function ResponseTimesChart({ advanced }: { advanced: Advanced }) {
  const answered = advanced.responseTimes.reduce((a, b) => a + b.count, 0);
  const top = [...advanced.responseTimes].sort((a, b) => b.count - a.count)[0];
  return (
    <ChartCard
      title="Response times"
      summary={
        top && answered > 0
          ? `${answered} answers; most often ${top.label.toLowerCase()} (${top.count}).`
          : 'No answers in this period.'
      }
      table={{
        caption: 'Answers to job notifications by time taken',
        head: ['Time to answer', 'Answers'],
        rows: advanced.responseTimes.map((b) => [b.label, b.count]),
      }}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={advanced.responseTimes} accessibilityLayer={false}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={axis} />
          <YAxis allowDecimals={false} width={32} tick={axis} />
          <Tooltip />
          <Bar dataKey="count" name="Answers" fill={COLORS.accepted} />
        </BarChart>
      </ResponsiveContainer>
    </ChartCard>
  );
}
