import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { formatShortDate } from '../../../lib/dates';
import { useAdminPayments } from '../api/get-plan-payments';
import { money, statusLabel } from '../format';
import { RevenueByMonth } from './revenue-by-month';

type AdminPayment = NonNullable<ReturnType<typeof useAdminPayments>['data']>[number];

const COLUMNS: Column<AdminPayment>[] = [
  { header: 'Date', cell: (p) => formatShortDate(p.createdAt) },
  { header: 'Technician', primary: true, cell: (p) => p.technicianName },
  { header: 'Description', cell: (p) => p.description },
  { header: 'Amount', align: 'right', cell: (p) => money(p.amount) },
  { header: 'Status', cell: (p) => statusLabel(p.status) },
];

/** Revenue by month (plans, technicians' card volume apart), then every plan payment. */
export function PaymentsTab() {
  const list = useAdminPayments();
  return (
    <div className="space-y-6">
      <RevenueByMonth />
      <Card>
        <CardHeader>
          <CardTitle>Plan payments</CardTitle>
        </CardHeader>
        <CardContent className="text-sm sm:overflow-x-auto">
          {list.isLoading ? (
            <Skeleton className="h-32" />
          ) : list.isError ? (
            <p role="alert">{errorMessage(list.error, 'Payments could not be loaded')}</p>
          ) : list.data!.length === 0 ? (
            <p className="text-slate-600">No payments yet.</p>
          ) : (
            <DataTable
              columns={COLUMNS}
              rows={list.data!}
              rowKey={(p) => p.id}
              caption="Plan payments"
            />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
