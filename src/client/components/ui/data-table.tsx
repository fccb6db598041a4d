import type { ComponentProps, Key, ReactNode } from 'react';
import { cn } from '../../lib/utils';

export type Column<T> = {
  /** The column's header; on phones also the label in front of each value. */
  header: ReactNode;
  /** The label on phones when the header is not plain text (or should read differently). */
  label?: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned on wide screens (amounts). */
  align?: 'right';
  /** On a phone card: the card's title line, without a label. */
  primary?: boolean;
  /** Visually hidden header (an actions column): no label on phones either. */
  hideHeader?: boolean;
  className?: string;
};

/**
 * The app's one data table: a table on wide screens, a list of cards below 640 px (sm), where
 * each value carries its column's label. Pure CSS (no media query in JavaScript), so the server
 * and the browser render the same markup. The explicit roles keep the table's semantics when a
 * phone's CSS makes its rows blocks (some browsers drop them with `display: block`).
 */
export function DataTable<T>({
  columns,
  rows,
  rowKey,
  rowProps,
  caption,
  className,
  ...table
}: {
  columns: Column<T>[];
  rows: readonly T[];
  rowKey: (row: T) => Key;
  rowProps?: (row: T) => ComponentProps<'tr'> & { [data: `data-${string}`]: string };
  /** Read by screen readers only. */
  caption?: string;
} & Omit<ComponentProps<'table'>, 'children'>) {
  return (
    <table
      role="table"
      className={cn('w-full text-left text-sm max-sm:block', className)}
      {...table}
    >
      {caption && <caption className="sr-only">{caption}</caption>}
      <thead role="rowgroup" className="max-sm:block">
        <tr role="row" className="border-b text-slate-500 max-sm:block max-sm:border-0">
          {columns.map((c, i) => (
            <th
              key={i}
              role="columnheader"
              scope="col"
              className={cn(
                // On phones each header is visually hidden on its own: a hidden thead would
                // still lay its row out at full width and widen the page.
                'py-2 pr-3 font-medium last:pr-0 max-sm:sr-only',
                c.align === 'right' && 'text-right',
                c.hideHeader && 'sr-only',
              )}
            >
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup" className="max-sm:block max-sm:space-y-3">
        {rows.map((row) => {
          const props = rowProps?.(row) ?? {};
          return (
            <tr
              key={rowKey(row)}
              role="row"
              {...props}
              className={cn(
                'border-b align-top last:border-b-0',
                'max-sm:block max-sm:rounded-lg max-sm:border max-sm:bg-card max-sm:p-3 max-sm:last:border-b',
                props.className,
              )}
            >
              {columns.map((c, i) => (
                <td
                  key={i}
                  role="cell"
                  className={cn(
                    'py-2 pr-3 last:pr-0',
                    c.align === 'right' && 'sm:text-right',
                    'max-sm:py-1 max-sm:pr-0 max-sm:[overflow-wrap:anywhere]',
                    c.primary || c.hideHeader
                      ? 'max-sm:block'
                      : 'max-sm:flex max-sm:min-h-6 max-sm:items-center max-sm:justify-between max-sm:gap-4 max-sm:text-right',
                    c.hideHeader && 'max-sm:pt-2',
                    c.className,
                  )}
                >
                  {!c.primary && !c.hideHeader && (
                    // The label keeps its word whole; a long value wraps beside it instead.
                    <span
                      aria-hidden="true"
                      className="shrink-0 whitespace-nowrap text-left text-slate-500 sm:hidden"
                    >
                      {c.label ?? c.header}
                    </span>
                  )}
                  {c.primary || c.hideHeader ? (
                    c.cell(row)
                  ) : (
                    <span className="min-w-0 [overflow-wrap:anywhere]">{c.cell(row)}</span>
                  )}
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
