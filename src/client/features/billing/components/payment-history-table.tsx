import { formatAmount } from '@shared/money';
import { FileText } from 'lucide-react';
import { Link } from 'react-router';
import { PAYMENT_STATUS_LABELS } from '@shared/constants/domain';
import type { ReactNode } from 'react';
import type { PaymentHistoryTotals, PaymentRecord } from '@shared/schemas/billing';
import { Badge } from '../../../components/ui/badge';
import { DataTable, type Column } from '../../../components/ui/data-table';
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

const COLUMNS: Column<PaymentRecord>[] = [
  { header: 'Date', cell: (r) => formatShortDate(r.created) },
  { header: 'Description', cell: (r) => r.description },
  {
    header: 'Amount',
    align: 'right',
    className: 'sm:pr-6',
    cell: (r) => formatAmount(r.amount),
  },
  {
    header: 'Status',
    cell: (r) => (
      <>
        <Badge variant={VARIANT[r.status] ?? 'outline'}>{statusLabel(r.status)}</Badge>
        {r.refunded !== undefined && (
          <span className="ml-2 text-xs text-slate-600">Refunded {formatAmount(r.refunded)}</span>
        )}
      </>
    ),
  },
  {
    header: 'Actions',
    cell: (r) =>
      r.receipt_url && (
        <a
          className="inline-flex min-h-6 items-center text-blue-700 underline"
          href={r.receipt_url}
          target="_blank"
          rel="noreferrer"
        >
          Receipt
        </a>
      ),
  },
];

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
        <Summary title="Total Paid" value={formatAmount(totals.totalPaid)} />
        <Summary title="Pending" value={formatAmount(totals.totalPending)} />
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
          <CardContent className="pt-6 sm:overflow-x-auto">
            <DataTable
              columns={COLUMNS}
              rows={rows}
              rowKey={(r) => r.id}
              rowProps={() => ({ 'data-testid': 'payment-row' })}
            />
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
