import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useInvoices } from '../api';

export function Invoices({
  technicianId,
  onTakePayment,
}: {
  technicianId: number;
  onTakePayment: (invoiceId: number) => void;
}) {
  const invoices = useInvoices(technicianId);
  if (invoices.isLoading) return <Skeleton className="h-40" />;
  if (invoices.isError)
    return <p role="alert">{errorMessage(invoices.error, 'Failed to load invoices')}</p>;
  if (invoices.data!.length === 0)
    return <p className="text-slate-500">No invoices yet. Create one from an approved quote.</p>;
  return (
    <ul className="space-y-3">
      {invoices.data!.map((i) => (
        <li key={i.id}>
          <Card data-testid="invoice">
            <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-6">
              <div>
                <p className="font-semibold">
                  {i.invoiceNumber}{' '}
                  <Badge variant={i.status === 'paid' ? 'success' : 'warning'}>{i.status}</Badge>
                </p>
                <p className="text-sm text-slate-600">
                  {i.customerName}
                  {i.vehicleInfo && ` · ${i.vehicleInfo}`}
                  {i.jobReference && ` · Job ${i.jobReference}`}
                </p>
                <p className="text-sm">
                  Total ${i.totalAmount} · Paid ${i.paidAmount}
                  {i.status !== 'paid' && ` · Balance $${i.balanceDue}`}
                </p>
              </div>
              {i.status !== 'paid' && (
                <Button size="sm" onClick={() => onTakePayment(i.id)}>
                  Take Payment
                </Button>
              )}
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
