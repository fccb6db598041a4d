import { Download } from 'lucide-react';
import { Link } from 'react-router';
import { useAuthDialog } from '../app/auth-dialog-context';
import { AccessRequired, AuthenticationRequired } from '../components/guards';
import { Page } from '../components/page';
import { Button } from '../components/ui/button';
import { Card, CardContent } from '../components/ui/card';
import { Skeleton } from '../components/ui/skeleton';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { usePaymentHistory } from '../features/billing/api/get-payment-history';
import { PaymentHistoryTable } from '../features/billing/components/payment-history-table';
import { ApiError, errorMessage } from '../lib/api-client';

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
        <PaymentHistoryTable rows={rows} />
      )}
    </Page>
  );
}
