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

/** The two figures, each with its count under it: three columns fit a phone without scrolling. */
function Cells({ f }: { f: Figures }) {
  return (
    <>
      <td className="whitespace-nowrap px-2 py-2 text-right font-medium">
        {formatCents(f.platformRevenueCents)}
        <span className="block text-xs font-normal text-slate-600">
          {plural(f.planPaymentCount, 'payment')}
        </span>
      </td>
      <td className="whitespace-nowrap border-l px-2 py-2 text-right">
        {formatCents(f.technicianCardVolumeCents)}
        <span className="block text-xs font-normal text-slate-600">
          {plural(f.technicianCardCount, 'payment')}
        </span>
      </td>
    </>
  );
}

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
          <div
            className="max-w-full overflow-x-auto rounded-md border"
            role="region"
            aria-label="Revenue table (scrolls sideways)"
            tabIndex={0}
          >
            <table className="w-full text-left" data-testid="revenue">
              <caption className="sr-only">
                {PLATFORM_REVENUE_LABEL} and {CARD_VOLUME_LABEL}, {monthLabel(data.from)} to{' '}
                {monthLabel(data.to)}
              </caption>
              <thead>
                <tr className="border-b bg-muted/50 align-bottom text-slate-600">
                  <th scope="col" className="px-2 py-2 font-medium">
                    Month
                  </th>
                  <th scope="col" className="px-2 py-2 text-right font-semibold">
                    {PLATFORM_REVENUE_LABEL}
                  </th>
                  <th scope="col" className="border-l px-2 py-2 text-right font-semibold">
                    {CARD_VOLUME_LABEL}
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.months.map((m) => (
                  <tr key={m.month} className="border-b last:border-b-0">
                    <th scope="row" className="whitespace-nowrap px-2 py-2 font-medium">
                      {monthLabel(m.month)}
                    </th>
                    <Cells f={m} />
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr className="border-t-2 font-semibold">
                  <th scope="row" className="px-2 py-2">
                    Total
                  </th>
                  <Cells f={data.totals} />
                </tr>
              </tfoot>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
