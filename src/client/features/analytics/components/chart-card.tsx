import { useId, type ReactNode } from 'react';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';

/**
 * A chart with what it shows in words (its summary, read out in place of the drawing) and the
 * same figures as a table for anyone who prefers numbers or cannot see the chart.
 */
export function ChartCard({
  title,
  summary,
  table,
  children,
}: {
  title: string;
  summary: string;
  table: { caption: string; head: string[]; rows: (string | number)[][] };
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Card role="region" aria-labelledby={id}>
      <CardHeader>
        <CardTitle id={id} className="text-base">
          {title}
        </CardTitle>
        <CardDescription>{summary}</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <figure role="img" aria-label={`${title}: ${summary}`} className="h-64 w-full">
          {children}
        </figure>
        <details className="text-sm">
          <summary className="cursor-pointer text-slate-600">View as table</summary>
          <div className="mt-2 overflow-x-auto">
            <table className="w-full text-left">
              <caption className="sr-only">{table.caption}</caption>
              <thead>
                <tr className="border-b text-slate-500">
                  {table.head.map((h, i) => (
                    <th key={h} scope="col" className={i ? 'py-1 text-right' : 'py-1'}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <tr key={String(row[0])} className="border-b last:border-0">
                    {row.map((cell, i) =>
                      i === 0 ? (
                        <th key={i} scope="row" className="py-1 font-normal">
                          {cell}
                        </th>
                      ) : (
                        <td key={i} className="py-1 text-right">
                          {cell}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </CardContent>
    </Card>
  );
}
