import { formatAmount } from '@shared/money';
import { Link } from 'react-router';
import type { VehicleJob } from '@shared/schemas/vehicles';
import { Badge } from '../../../components/ui/badge';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { formatCalendarDate } from '../../../lib/dates';
import { useVehicleHistory } from '../api/get-vehicle-history';

const METHOD_LABELS: Record<string, string> = {
  card: 'Card',
  cash: 'Cash',
  check: 'Check',
  digital: 'Digital wallet',
};

/** The vehicle's completed jobs, each with its invoices and their receipts. */
export function VehicleHistory({ vehicleId }: { vehicleId: number }) {
  const { data, isLoading, error } = useVehicleHistory(vehicleId);
  if (isLoading) return <Skeleton className="h-16" />;
  if (error)
    return (
      <p role="alert" className="text-sm text-destructive">
        {errorMessage(error, 'Could not load the service history.')}
      </p>
    );
  const jobs = data?.jobs ?? [];
  if (jobs.length === 0)
    return <p className="text-sm text-slate-500">No completed services yet.</p>;
  return (
    <ul className="space-y-3" aria-label="Completed services">
      {jobs.map((job) => (
        <JobEntry key={job.reference} job={job} />
      ))}
    </ul>
  );
}

function JobEntry({ job }: { job: VehicleJob }) {
  return (
    <li className="rounded-md border p-3 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Link to={job.requestPath} className="font-semibold text-blue-700 underline">
          {job.reference}
        </Link>
        {job.completedAt && (
          <span className="text-slate-500">Completed {formatCalendarDate(job.completedAt)}</span>
        )}
      </div>
      <p className="mt-1">
        {job.serviceType}
        {job.technicianName && <span className="text-slate-500"> · by {job.technicianName}</span>}
      </p>
      {job.invoices.length > 0 && (
        <ul className="mt-2 space-y-2">
          {job.invoices.map((inv) => (
            <li key={inv.id} className="rounded bg-slate-50 p-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  Invoice <span className="font-mono">{inv.invoiceNumber}</span>:{' '}
                  {formatAmount(inv.totalAmount)}
                </span>
                <Badge variant={inv.status === 'paid' ? 'success' : 'outline'}>
                  {inv.status === 'paid' ? 'Paid' : `Paid ${formatAmount(inv.paidAmount)}`}
                </Badge>
              </div>
              {inv.receipts.length > 0 && (
                <ul className="mt-1 space-y-0.5 text-xs text-slate-600">
                  {inv.receipts.map((r) => (
                    <li key={r.receiptNumber}>
                      Receipt <span className="font-mono">{r.receiptNumber}</span>:{' '}
                      {formatAmount(r.amount)} {METHOD_LABELS[r.method] ?? r.method},{' '}
                      {formatCalendarDate(r.date)}
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
