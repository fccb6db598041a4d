import { formatAmount } from '@shared/money';
import { DownloadPdfLink } from '../../../components/download-pdf-link';
import { invoiceStatusBadge } from '../../../components/invoice-status';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { refKey } from '../offline/views';
import { usePosLists } from '../use-pos-lists';
import { DocNumber } from './doc-number';
import { InvoiceRemindersSwitch } from './invoice-reminders-switch';
import { SyncError, SyncMark } from './sync-mark';

export function Invoices({
  technicianId,
  onTakePayment,
}: {
  technicianId: number;
  /** The invoice's key (`refKey`): it may have no server id yet. */
  onTakePayment: (invoiceKey: string) => void;
}) {
  const { invoices, views } = usePosLists(technicianId);
  if (invoices.isPending && views.invoices.length === 0) return <Skeleton className="h-40" />;
  if (invoices.isError && !invoices.data)
    return <p role="alert">{errorMessage(invoices.error, 'Failed to load invoices')}</p>;
  if (views.invoices.length === 0)
    return <p className="text-slate-500">No invoices yet. Create one from an approved quote.</p>;
  return (
    <ul className="space-y-3">
      {views.invoices.map((i) => (
        <li key={refKey(i)}>
          <Card data-testid="invoice">
            <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-6">
              <div className="space-y-0.5">
                <p className="font-semibold">
                  <DocNumber value={i.invoiceNumber} />{' '}
                  <Badge variant={invoiceStatusBadge(i.status).variant}>
                    {invoiceStatusBadge(i.status).label}
                  </Badge>{' '}
                  <SyncMark sync={i.sync} />
                </p>
                <p className="text-sm text-slate-600">
                  {i.customerName}
                  {i.vehicleInfo && ` · ${i.vehicleInfo}`}
                  {i.jobReference && ` · Job ${i.jobReference}`}
                </p>
                <p className="text-sm">
                  Total {formatAmount(i.totalAmount)} · Paid {formatAmount(i.paidAmount)}
                  {i.status !== 'paid' && ` · Balance ${formatAmount(i.balanceDue)}`}
                </p>
                {i.id !== null && i.status !== 'paid' && (
                  <InvoiceRemindersSwitch invoice={{ ...i, id: i.id }} />
                )}
                <SyncError sync={i.sync} />
              </div>
              <div className="flex flex-wrap gap-2">
                {i.id !== null && i.invoiceNumber && (
                  <DownloadPdfLink kind="invoice" id={i.id} number={i.invoiceNumber} />
                )}
                {i.status !== 'paid' && (
                  <Button size="sm" onClick={() => onTakePayment(refKey(i))}>
                    Take Payment
                  </Button>
                )}
              </div>
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}
