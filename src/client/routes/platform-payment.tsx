import { CheckCircle2 } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../components/page';
import { useCurrentSubscription } from '../features/billing/api/get-current-subscription';
import { CurrentPlan } from '../features/billing/components/current-plan';
import { PlanCards } from '../features/billing/components/plan-cards';
import { RequireUser } from '../features/auth/components/require-user';
import { PATHS } from '@shared/paths';

/** Pay Fees: the technician's plan, its renewal, change or cancel, and the plans. */
export default function PlatformPayment() {
  const [params] = useSearchParams();
  const success = params.get('success') === 'true';
  const paypal = params.get('method') === 'paypal';
  return (
    <RequireUser
      role="technician"
      hint="Demo technician: username technician, password wrenchly-demo"
      message="Plans are for technicians."
    >
      {() => <PayFees success={success} paypal={paypal} />}
    </RequireUser>
  );
}

function PayFees({ success, paypal }: { success: boolean; paypal: boolean }) {
  return (
    <Page title="Pay Fees" intro="Your Wrenchly plan: a small monthly fee instead of commissions.">
      {success && (
        <div
          role="status"
          className="mb-6 flex items-center gap-2 rounded-md border border-green-200 bg-green-50 p-4 text-green-800"
        >
          <CheckCircle2 className="h-5 w-5" aria-hidden="true" />
          <span>
            <strong>Payment successful!</strong> Your subscription is active
            {paypal ? ' (paid with PayPal)' : ''}.
          </span>
        </div>
      )}
      <CurrentPlan />
      <h2 className="mb-6 mt-10 text-2xl font-bold">Choose a Plan</h2>
      <PlanCardsForCurrent />
      <p className="mt-8 text-center text-sm">
        <Link className="text-blue-700 underline" to={PATHS.paymentHistory}>
          View Payment History
        </Link>
      </p>
    </Page>
  );
}

function PlanCardsForCurrent() {
  const current = useCurrentSubscription(true);
  return <PlanCards subscription={current.data?.subscription} />;
}
