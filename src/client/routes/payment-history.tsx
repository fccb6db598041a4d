import { Download, FileText } from 'lucide-react';
import { Link } from 'react-router';
import { PAYMENT_STATUS_LABELS } from '@shared/constants/domain';
import { useAuthDialog } from '../app/auth-dialog-context';
import { AccessRequired, AuthenticationRequired } from '../components/guards';
import { Page } from '../components/page';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { Skeleton } from '../components/ui/skeleton';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { usePaymentHistory } from '../features/billing/api';
import { ApiError, errorMessage } from '../lib/api-client';

/** 'MMM dd, yyyy', e.g. 'Nov 03, 2026'. */
const formatDay = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric' });
const statusLabel = (s: string) => (PAYMENT_STATUS_LABELS as Record<string, string>)[s] ?? s;
const VARIANT: Record<string, 'success' | 'warning' | 'destructive' | 'outline'> = {
  succeeded: 'success',
  processing: 'warning',
  requires_payment_method: 'outline',
  failed: 'destructive',
};

export default function PaymentHistory() {
  const { data: user, isLoading } = useCurrentUser();
  const { open } = useAuthDialog();
  if (isLoading)
    return (
      <div className="mx-auto max-w-5xl px-4 py-10">
        <Skeleton className="h-40" />
      </div>
    );
  if (!user)
    return (
      <AuthenticationRequired
        onSignIn={open}
        hint="Demo technician: username technician, password wrenchly-demo"
      />
    );
  if (user.technicianId === null)
    return (
      <AccessRequired
        title="Technician Access Required"
        role={user.role}
        message={
          user.role === 'admin'
            ? "Technicians' payments are in the admin dashboard's Payments tab."
            : 'Payment history is for technicians.'
        }
      />
    );
  return <History />;
}

function History() {
  const history = usePaymentHistory(1, true);
  const rows = history.data ?? [];
  const sum = (status: string) =>
    rows.filter((r) => r.status === status).reduce((t, r) => t + Math.round(r.amount * 100), 0);

  return (
    <Page
      title="Payment History"
      intro="Every charge for your Wrenchly plan."
      actions={
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <a href="/api/payment/history.csv" download>
              <Download className="mr-2 h-4 w-4" aria-hidden="true" /> Export History
            </a>
          </Button>
          <Button asChild>
            <Link to="/platform-payment">Make New Payment</Link>
          </Button>
        </div>
      }
    >
      {history.isError ? (
        <Card>
          <CardContent className="space-y-2 pt-6">
            <p className="font-semibold">Payment History Unavailable</p>
            <p className="text-slate-600">
              {history.error instanceof ApiError
                ? errorMessage(history.error, 'Unable to load payment history')
                : 'Failed to fetch payment history'}
            </p>
          </CardContent>
        </Card>
      ) : history.isLoading ? (
        <Skeleton className="h-64" />
      ) : (
        <>
          <div className="mb-6 grid gap-4 sm:grid-cols-3">
            <Summary title="Total Paid" value={`$${(sum('succeeded') / 100).toFixed(2)}`} />
            <Summary title="Pending" value={`$${(sum('processing') / 100).toFixed(2)}`} />
            <Summary title="Total Transactions" value={String(rows.length)} />
          </div>
          {rows.length === 0 ? (
            <Card>
              <CardContent className="space-y-3 pt-6 text-center text-slate-600">
                <FileText className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
                <p>No payments yet.</p>
                <Link className="text-blue-700 underline" to="/platform-payment">
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
                        <td className="py-2">{formatDay(r.created)}</td>
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
              </CardContent>
            </Card>
          )}
        </>
      )}
    </Page>
  );
}

function Summary({ title, value }: { title: string; value: string }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle className="text-sm font-medium text-slate-500">{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="text-2xl font-bold">{value}</p>
      </CardContent>
    </Card>
  );
}
