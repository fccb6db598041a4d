import { FileText } from 'lucide-react';
import { Link } from 'react-router';
import { PAYMENT_STATUS_LABELS } from '@shared/constants/domain';
import type { ReactNode } from 'react';
import type { PaymentHistoryTotals, PaymentRecord } from '@shared/schemas/billing';
import { Badge } from '../../../components/ui/badge';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { formatShortDate } from '../../../lib/dates';
import { PATHS } from '@shared/paths';

const statusLabel = (s: string) => (PAYMENT_STATUS_LABELS as Record<string, string>)[s] ?? s;
const VARIANT: Record<string, 'success' | 'warning' | 'destructive' | 'outline'> = {
  succeeded: 'success',
  processing: 'warning',
  requires_payment_method: 'outline',
  failed: 'destructive',
};

/**
 * The totals and one page of the technician's plan payments. The totals are the server's, over
 * the whole history (not the page's rows).
 */
export function PaymentHistoryTable({
  rows,
  totals,
  children,
}: {
  rows: PaymentRecord[];
  totals: PaymentHistoryTotals;
  /** The pager, under the table. */
  children?: ReactNode;
}) {
  return (
    <>
      <div className="mb-6 grid gap-4 sm:grid-cols-3">
        <Summary title="Total Paid" value={`$${totals.totalPaid}`} />
        <Summary title="Pending" value={`$${totals.totalPending}`} />
        <Summary title="Total Transactions" value={String(totals.totalCount)} />
      </div>
      {rows.length === 0 ? (
        <Card>
          <CardContent className="space-y-3 pt-6 text-center text-slate-600">
            <FileText className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
            <p>No payments yet.</p>
            <Link className="text-blue-700 underline" to={PATHS.platformPayment}>
              Choose a plan
            </Link>
          </CardContent>
        </Card>
      ) : (
        <Card>
          <CardContent className="overflow-x-auto pt-6">
            <table className="w-full text-sm">
              <thead>
                <tr className="border-b text-left text-slate-500">
                  <th className="py-2">Date</th>
                  <th className="py-2">Description</th>
                  <th className="py-2 pr-6 text-right">Amount</th>
                  <th className="py-2">Status</th>
                  <th className="py-2">Actions</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((r) => (
                  <tr key={r.id} className="border-b" data-testid="payment-row">
                    <td className="py-2">{formatShortDate(r.created)}</td>
                    <td className="py-2">{r.description}</td>
                    <td className="py-2 pr-6 text-right">${r.amount.toFixed(2)}</td>
                    <td className="py-2">
                      <Badge variant={VARIANT[r.status] ?? 'outline'}>
                        {statusLabel(r.status)}
                      </Badge>
                    </td>
                    <td className="py-2">
                      {r.receipt_url && (
                        <a
                          className="text-blue-700 underline"
                          href={r.receipt_url}
                          target="_blank"
                          rel="noreferrer"
                        >
                          Receipt
                        </a>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {children}
          </CardContent>
        </Card>
      )}
    </>
  );
}

function Summary({ title, value }: { title: string; value: string }) {
  return (
    <Card data-testid={`summary-${title.toLowerCase().replace(/ /g, '-')}`}>
      <CardHeader className="pb-2">
        <CardTitle className="text-sm font-medium text-slate-500">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold">{value}</p>
      </CardContent>
    </Card>
  );
}
