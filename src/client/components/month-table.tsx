import type { ReactNode } from 'react';
import { monthLabel } from '@shared/analytics';
import { cn } from '../lib/utils';

export type MonthColumn<F> = {
  header: string;
  cell: (figures: F) => ReactNode;
  /** Added to the column's header and cells (a divider, a weight). */
  className?: string;
};

/**
 * A money report month by month (a technician's statement, the platform's revenue): a month a
 * row, a column a figure, the totals in the foot. A plain table, not a DataTable (ADR 020):
 * months are compared down each column, so on a phone it scrolls sideways inside its own box
 * (focusable, named) and the page does not.
 */
export function MonthTable<F>({
  label,
  caption,
  testId,
  columns,
  months,
  totals,
  className,
  cellClassName,
}: {
  /** The scrolling box's name: 'Statement table (scrolls sideways)'. */
  label: string;
  caption: string;
  testId: string;
  columns: MonthColumn<F>[];
  months: (F & { month: string })[];
  totals: F;
  /** The table's own classes (a minimum width that makes it scroll on phones). */
  className?: string;
  /** Every figure cell's classes besides the right alignment. */
  cellClassName?: string;
}) {
  const cells = (f: F) =>
    columns.map((c) => (
      <td
        key={c.header}
        className={cn('whitespace-nowrap px-2 py-2 text-right', cellClassName, c.className)}
      >
        {c.cell(f)}
      </td>
    ));
  return (
    <div
      className="max-w-full overflow-x-auto rounded-md border focus-visible:outline-2"
      role="region"
      aria-label={label}
      tabIndex={0}
    >
      <table className={cn('w-full text-left', className)} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b bg-muted/50 align-bottom text-slate-600">
            <th scope="col" className="px-2 py-2 font-medium">
              Month
            </th>
            {columns.map((c) => (
              <th
                key={c.header}
                scope="col"
                className={cn('px-2 py-2 text-right font-medium', c.className)}
              >
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.month} className="border-b last:border-b-0">
              <th scope="row" className="whitespace-nowrap px-2 py-2 font-medium">
                {monthLabel(m.month)}
              </th>
              {cells(m)}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t-2 font-semibold">
            <th scope="row" className="px-2 py-2">
              Total
            </th>
            {cells(totals)}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
