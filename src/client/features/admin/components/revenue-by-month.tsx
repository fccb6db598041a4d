import { useState } from 'react';
import { monthLabel, todayIn } from '@shared/analytics';
import { formatCents } from '@shared/money';
import {
  STATEMENT_TIME_ZONE,
  statementRange,
  statementRangeError,
  type RevenueMonth,
} from '@shared/schemas/statements';
import { MonthRangePicker } from '../../../components/month-range-picker';
import { MonthTable, type MonthColumn } from '../../../components/month-table';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useRevenue } from '../api/get-revenue';

export const PLATFORM_REVENUE_LABEL = 'Platform revenue (plans)';
export const CARD_VOLUME_LABEL = "Technicians' card volume (not platform revenue)";

type Figures = Omit<RevenueMonth, 'month'>;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** A figure with its count under it: three columns fit a phone without scrolling. */
const withCount = (cents: number, count: number) => (
  <>
    {formatCents(cents)}
    <span className="block text-xs font-normal text-slate-600">{plural(count, 'payment')}</span>
  </>
);

const COLUMNS: MonthColumn<Figures>[] = [
  {
    header: PLATFORM_REVENUE_LABEL,
    cell: (f) => withCount(f.platformRevenueCents, f.planPaymentCount),
    className: 'font-semibold',
  },
  {
    header: CARD_VOLUME_LABEL,
    cell: (f) => withCount(f.technicianCardVolumeCents, f.technicianCardCount),
    className: 'border-l',
  },
];

/**
 * The platform's revenue (plan payments) month by month, and apart from it the technicians'
 * card volume through the platform: their customers' money, which is never the platform's.
 */
export function RevenueByMonth() {
  const [range, setRange] = useState(() =>
    statementRange({}, todayIn(new Date(), STATEMENT_TIME_ZONE).slice(0, 7)),
  );
  const rangeError = statementRangeError(range.from, range.to);
  const revenue = useRevenue(range.from, range.to);
  const data = revenue.data;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Revenue by month</CardTitle>
        <CardDescription>
          Platform revenue is what technicians paid for their plans. Technicians&apos; card volume
          is what their customers paid them by card through the platform: their money, not the
          platform&apos;s revenue. Months in Eastern time.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <MonthRangePicker
          from={range.from}
          to={range.to}
          onChange={(from, to) => setRange({ from, to })}
          label="Revenue months"
        />
        {rangeError ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
            {rangeError}
          </p>
        ) : revenue.isError ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-red-800">
            {errorMessage(revenue.error, 'Revenue could not be loaded')}
          </p>
        ) : !data ? (
          <Skeleton className="h-32" />
        ) : (
          <MonthTable
            label="Revenue table (scrolls sideways)"
            caption={`${PLATFORM_REVENUE_LABEL} and ${CARD_VOLUME_LABEL}, ${monthLabel(data.from)} to ${monthLabel(data.to)}`}
            testId="revenue"
            columns={COLUMNS}
            months={data.months}
            totals={data.totals}
          />
        )}
      </CardContent>
    </Card>
  );
}
