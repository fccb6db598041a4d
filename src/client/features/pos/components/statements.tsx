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

type Cell = { header: string; value: (f: StatementFigures) => string; note?: string };

/** The columns: card and PayPal figures first (what makes the net), then money taken by hand. */
const CELLS: Cell[] = [
  { header: 'Card & PayPal payments', value: (f) => String(f.cardCount) },
  { header: 'Card & PayPal volume', value: (f) => formatCents(f.cardCents) },
  { header: 'Tips', value: (f) => formatCents(f.tipCents) },
  { header: 'Refunds', value: (f) => `${formatCents(f.refundCents)} (${f.refundCount})` },
  {
    header: 'Disputes',
    value: (f) => `${formatCents(f.disputedCents)} (${f.disputeCount})`,
  },
  { header: 'Disputes lost', value: (f) => formatCents(f.disputesLostCents) },
  {
    header: 'Provider fees',
    value: (f) =>
      formatCents(f.feeCents) +
      (f.feesUnreportedCount > 0 ? ` (${f.feesUnreportedCount} not reported)` : ''),
  },
  { header: 'Net', value: (f) => formatCents(f.netCents) },
  { header: 'Cash', value: (f) => formatCents(f.cashCents) },
  { header: 'Check', value: (f) => formatCents(f.checkCents) },
  { header: 'Other', value: (f) => formatCents(f.otherCents) },
];

/**
 * The technician's payments statement, month by month. A plain table, not a DataTable (ADR
 * 020): months are compared down each column, so on a phone it scrolls sideways inside its
 * own box and the page does not.
 */
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
            <div
              className="max-w-full overflow-x-auto rounded-md border focus-visible:outline-2"
              role="region"
              aria-label="Statement table (scrolls sideways)"
              tabIndex={0}
            >
              <table
                className="w-full min-w-[60rem] text-left text-sm xl:min-w-0"
                data-testid="statement"
              >
                <caption className="sr-only">
                  Payments statement, {monthLabel(data.from)} to {monthLabel(data.to)}, by month
                </caption>
                <thead>
                  <tr className="border-b bg-muted/50 text-slate-600">
                    <th scope="col" className="px-2 py-2 font-medium">
                      Month
                    </th>
                    {CELLS.map((c) => (
                      <th key={c.header} scope="col" className="px-2 py-2 text-right font-medium">
                        {c.header}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {data.months.map((m) => (
                    <tr key={m.month} className="border-b last:border-b-0">
                      <th scope="row" className="whitespace-nowrap px-2 py-2 font-medium">
                        {monthLabel(m.month)}
                      </th>
                      {CELLS.map((c) => (
                        <td
                          key={c.header}
                          className="whitespace-nowrap px-2 py-2 text-right xl:whitespace-normal"
                        >
                          {c.value(m)}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr className="border-t-2 font-semibold">
                    <th scope="row" className="px-2 py-2">
                      Total
                    </th>
                    {CELLS.map((c) => (
                      <td
                        key={c.header}
                        className="whitespace-nowrap px-2 py-2 text-right xl:whitespace-normal"
                      >
                        {c.value(data.totals)}
                      </td>
                    ))}
                  </tr>
                </tfoot>
              </table>
            </div>
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
