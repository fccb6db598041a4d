import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { DataTable, type Column } from '../../../components/ui/data-table';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { formatShortDate } from '../../../lib/dates';
import { useAdminPayments } from '../api/get-plan-payments';
import { money, statusLabel } from '../format';

type AdminPayment = NonNullable<ReturnType<typeof useAdminPayments>['data']>[number];

const COLUMNS: Column<AdminPayment>[] = [
  { header: 'Date', cell: (p) => formatShortDate(p.createdAt) },
  { header: 'Technician', primary: true, cell: (p) => p.technicianName },
  { header: 'Description', cell: (p) => p.description },
  { header: 'Amount', align: 'right', cell: (p) => money(p.amount) },
  { header: 'Status', cell: (p) => statusLabel(p.status) },
];

/** Every technician's plan payments, newest first. */
export function PaymentsTab() {
  const list = useAdminPayments();
  return (
    <Card>
      <CardHeader>
        <CardTitle>Payments</CardTitle>
      </CardHeader>
      <CardContent className="text-sm sm:overflow-x-auto">
        {list.isLoading ? (
          <Skeleton className="h-32" />
        ) : list.isError ? (
          <p role="alert">{errorMessage(list.error, 'Payments could not be loaded')}</p>
        ) : list.data!.length === 0 ? (
          <p className="text-slate-600">No payments yet.</p>
        ) : (
          <DataTable columns={COLUMNS} rows={list.data!} rowKey={(p) => p.id} />
        )}
      </CardContent>
    </Card>
  );
}
