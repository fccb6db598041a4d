import { Download } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Page } from '../components/page';
import { Button } from '../components/ui/button';
import { Card, CardContent } from '../components/ui/card';
import { Skeleton } from '../components/ui/skeleton';
import {
  PAYMENT_HISTORY_CSV_URL,
  usePaymentHistory,
} from '../features/billing/api/get-payment-history';
import { PaymentHistoryPager } from '../features/billing/components/payment-history-pager';
import { PaymentHistoryTable } from '../features/billing/components/payment-history-table';
import { PaymentsTab } from '../features/admin/components/payments-tab';
import { ApiError, errorMessage } from '../lib/api-client';
import { RequireUser } from '../features/auth/components/require-user';
import { PATHS } from '@shared/paths';
import { DEFAULT_PAYMENT_HISTORY_PAGE_SIZE } from '@shared/schemas/billing';

export default function PaymentHistory() {
  return (
    <RequireUser
      role="technician"
      // An admin (the dashboard links here) gets every technician's plan payments.
      allow={(user) => user.technicianId !== null || user.role === 'admin'}
      hint="Demo technician: username technician, password wrenchly-demo"
      message="Payment history is for technicians."
    >
      {(user) => (user.technicianId === null ? <AllPayments /> : <History />)}
    </RequireUser>
  );
}

/** For an admin: every technician's plan payments, as the dashboard's Payments tab has them. */
function AllPayments() {
  return (
    <Page
      title="Payment History"
      intro="Every technician's plan payments, with revenue by month."
      actions={
        <Button variant="outline" asChild>
          <Link to={PATHS.adminDashboard}>Back to Dashboard</Link>
        </Button>
      }
    >
      <PaymentsTab />
    </Page>
  );
}

function History() {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(DEFAULT_PAYMENT_HISTORY_PAGE_SIZE);
  const history = usePaymentHistory(page, pageSize, true);

  return (
    <Page
      title="Payment History"
      intro="Every charge for your Wrenchly plan."
      actions={
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" asChild>
            <a href={PAYMENT_HISTORY_CSV_URL} download>
              <Download className="mr-2 h-4 w-4" aria-hidden="true" /> Export History
            </a>
          </Button>
          <Button asChild>
            <Link to={PATHS.platformPayment}>Make New Payment</Link>
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
      ) : !history.data ? (
        <Skeleton className="h-64" />
      ) : (
        <PaymentHistoryTable rows={history.data.items} totals={history.data.totals}>
          <PaymentHistoryPager
            page={page}
            pageSize={pageSize}
            total={history.data.totals.totalCount}
            busy={history.isFetching}
            onPage={setPage}
            onPageSize={(size) => {
              setPageSize(size);
              setPage(1);
            }}
          />
        </PaymentHistoryTable>
      )}
    </Page>
  );
}
