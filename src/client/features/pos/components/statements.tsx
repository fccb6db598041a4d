import { AccountingExport } from './accounting-export';
import { Download } from 'lucide-react';
import { useState } from 'react';
import { monthLabel, todayIn } from '@shared/analytics';
import { formatCents } from '@shared/money';
import {
  STATEMENT_TIME_ZONE,
  statementRange,
  statementRangeError,
  type StatementFigures,
} from '@shared/schemas/statements';
import { MonthRangePicker } from '../../../components/month-range-picker';
import { MonthTable, type MonthColumn } from '../../../components/month-table';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { statementCsvUrl, useStatement } from '../api/get-statement';

/** The columns: card and PayPal figures first (what makes the net), then money taken by hand. */
const CELLS: MonthColumn<StatementFigures>[] = [
  { header: 'Card & PayPal payments', cell: (f) => String(f.cardCount) },
  { header: 'Card & PayPal volume', cell: (f) => formatCents(f.cardCents) },
  { header: 'Tips', cell: (f) => formatCents(f.tipCents) },
  { header: 'Refunds', cell: (f) => `${formatCents(f.refundCents)} (${f.refundCount})` },
  {
    header: 'Disputes',
    cell: (f) => `${formatCents(f.disputedCents)} (${f.disputeCount})`,
  },
  { header: 'Disputes lost', cell: (f) => formatCents(f.disputesLostCents) },
  {
    header: 'Provider fees',
    cell: (f) =>
      formatCents(f.feeCents) +
      (f.feesUnreportedCount > 0 ? ` (${f.feesUnreportedCount} not reported)` : ''),
  },
  { header: 'Net', cell: (f) => formatCents(f.netCents) },
  { header: 'Cash', cell: (f) => formatCents(f.cashCents) },
  { header: 'Check', cell: (f) => formatCents(f.checkCents) },
  { header: 'Other', cell: (f) => formatCents(f.otherCents) },
];

/** The technician's payments statement, month by month. */
export function Statements() {
  const [range, setRange] = useState(() =>
    statementRange({}, todayIn(new Date(), STATEMENT_TIME_ZONE).slice(0, 7)),
  );
  const rangeError = statementRangeError(range.from, range.to);
  const statement = useStatement(range.from, range.to);
  const data = statement.data;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Payments statement</CardTitle>
        <CardDescription>
          Card and PayPal payments month by month (Eastern time): your customers&apos; tips count in
          the net; refunds, disputes and the fees your payment provider reported come off it. Cash,
          check and other payments are shown apart.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <MonthRangePicker
            from={range.from}
            to={range.to}
            onChange={(from, to) => setRange({ from, to })}
            label="Statement months"
          />
          {!rangeError && (
            <Button asChild variant="outline">
              <a href={statementCsvUrl(range.from, range.to)} download>
                <Download aria-hidden="true" /> Download CSV
              </a>
            </Button>
          )}
        </div>
        <AccountingExport defaultMonth={range.to} />
        {rangeError ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {rangeError}
          </p>
        ) : statement.isError ? (
          <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800">
            {errorMessage(statement.error, 'The statement could not be loaded. Please try again.')}
          </p>
        ) : !data ? (
          <Skeleton className="h-40" />
        ) : (
          <>
            <MonthTable
              label="Statement table (scrolls sideways)"
              caption={`Payments statement, ${monthLabel(data.from)} to ${monthLabel(data.to)}, by month`}
              testId="statement"
              columns={CELLS}
              months={data.months}
              totals={data.totals}
              className="min-w-[60rem] text-sm xl:min-w-0"
              cellClassName="xl:whitespace-normal"
            />
            {data.totals.feesUnreportedCount > 0 && (
              <p className="text-sm text-slate-600">
                Your payment provider has not reported the fee of{' '}
                {data.totals.feesUnreportedCount === 1
                  ? 'one card payment'
                  : `${data.totals.feesUnreportedCount} card payments`}{' '}
                yet; the net will go down by it once it does.
              </p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
