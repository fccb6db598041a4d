import { useState } from 'react';
import { Link } from 'react-router';
import { PAYMENT_STATUS_LABELS } from '@shared/constants/domain';
import type { PosPayment } from '@shared/schemas/pos';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { useEmailReceipt, usePayments } from '../api';
import { posReceiptPath } from '@shared/paths';

const METHOD_LABELS = { card: 'Card', cash: 'Cash', check: 'Check', digital: 'Digital Wallet' };

export function Receipts({ technicianId }: { technicianId: number }) {
  const payments = usePayments(technicianId);
  if (payments.isLoading) return <Skeleton className="h-40" />;
  if (payments.isError)
    return <p role="alert">{errorMessage(payments.error, 'Failed to load receipts')}</p>;
  if (payments.data!.length === 0) return <p className="text-slate-500">No payments yet.</p>;
  return (
    <ul className="space-y-3">
      {payments.data!.map((p) => (
        <ReceiptRow key={p.id} p={p} />
      ))}
    </ul>
  );
}

function ReceiptRow({ p }: { p: PosPayment }) {
  const send = useEmailReceipt();
  const [email, setEmail] = useState(p.customerEmail ?? '');
  return (
    <li>
      <Card data-testid="receipt">
        <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-6">
          <div>
            <p className="font-semibold">
              {p.receiptNumber}{' '}
              <Badge variant={p.status === 'succeeded' ? 'success' : 'destructive'}>
                {PAYMENT_STATUS_LABELS[p.status]}
              </Badge>
            </p>
            <p className="text-sm text-slate-600">
              ${p.amount} · {METHOD_LABELS[p.method]}
              {p.invoiceNumber && ` · ${p.invoiceNumber}`}
              {p.customerName && ` · ${p.customerName}`}
            </p>
            <p className="text-xs text-slate-500">{new Date(p.createdAt).toLocaleString()}</p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <Button size="sm" variant="outline" asChild>
              <Link to={posReceiptPath(p.id)}>View Receipt</Link>
            </Button>
            {p.status === 'succeeded' && (
              <>
                <Input
                  aria-label={`Email for ${p.receiptNumber}`}
                  type="email"
                  placeholder="customer@example.com"
                  className="h-9 w-48"
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
                <Button
                  size="sm"
                  disabled={!email || send.isPending}
                  onClick={() =>
                    send.mutate(
                      {
                        paymentId: p.id,
                        customerEmail: email,
                        customerName: p.customerName ?? undefined,
                      },
                      {
                        onSuccess: () =>
                          notify({ title: 'Receipt Emailed', description: `Sent to ${email}` }),
                        onError: () =>
                          notify({
                            title: 'Email Failed',
                            description:
                              'Failed to send receipt email. Please check email configuration.',
                            variant: 'destructive',
                          }),
                      },
                    )
                  }
                >
                  Email Receipt
                </Button>
              </>
            )}
          </div>
        </CardContent>
      </Card>
    </li>
  );
}
