import { CheckCircle2 } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { useAuthDialog } from '../app/auth-dialog-context';
import { AccessRequired, AuthenticationRequired } from '../components/guards';
import { Page } from '../components/page';
import { Skeleton } from '../components/ui/skeleton';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { useCurrentSubscription } from '../features/billing/api/get-current-subscription';
import { CurrentPlan } from '../features/billing/components/current-plan';
import { PlanCards } from '../features/billing/components/plan-cards';

/** Pay Fees: the technician's plan, its renewal, change or cancel, and the plans. */
export default function PlatformPayment() {
  const { data: user, isLoading } = useCurrentUser();
  const { open } = useAuthDialog();
  const [params] = useSearchParams();
  const success = params.get('success') === 'true';
  const paypal = params.get('method') === 'paypal';
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
        message="Plans are for technicians."
      />
    );
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
        <Link className="text-blue-700 underline" to="/payment-history">
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
