import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../components/page';
import { Button } from '../components/ui/button';
import { Card, CardContent } from '../components/ui/card';
import { RequireUser } from '../features/auth/components/require-user';
import { useCurrentSubscription } from '../features/billing/api/get-current-subscription';
import { usePaymentsConfig } from '../lib/api/get-payments-config';
import { ChangeInsteadOfPaying } from '../features/billing/components/change-instead-of-paying';
import { PaymentOptions } from '../features/billing/components/payment-options';
import type { SelectedPlan } from '../features/billing/use-card-subscription';
import { PATHS } from '@shared/paths';

/**
 * The plan's checkout: technicians only, like Pay Fees, so that a visitor is asked to sign in
 * before the card form, not told after paying.
 */
export default function PaymentSelection() {
  const [params] = useSearchParams();
  // No plan chosen: nothing to pay, the spec's waiting line for anyone.
  if (!chosenPlan(params)) return <Checkout technician={false} />;
  return (
    <RequireUser
      role="technician"
      hint="Demo technician: username technician, password wrenchly-demo"
      message="Plans are for technicians."
    >
      {(user) => <Checkout technician={user.technicianId !== null} />}
    </RequireUser>
  );
}

function Checkout({ technician }: { technician: boolean }) {
  const [params] = useSearchParams();
  const plan = chosenPlan(params);
  const config = usePaymentsConfig();
  const current = useCurrentSubscription(technician);
  const active = current.data?.subscription?.status === 'active' ? current.data.subscription : null;

  return (
    <Page title="Payment Method" className="max-w-3xl">
      <Button variant="outline" asChild className="mb-6">
        <Link to={PATHS.platformPayment}>
          <ArrowLeft className="mr-2 h-4 w-4" aria-hidden="true" /> Back to Plans
        </Link>
      </Button>
      {!plan || config.isLoading || current.isLoading ? (
        <p className="text-slate-600">Loading payment options...</p>
      ) : active ? (
        <ChangeInsteadOfPaying subscription={active} plan={plan} />
      ) : !config.data?.card && !config.data?.wallet ? (
        <Card>
          <CardContent className="space-y-2 pt-6">
            <p className="font-semibold">Payment Unavailable</p>
            <p className="text-slate-600">Payment processing is not configured.</p>
          </CardContent>
        </Card>
      ) : (
        <PaymentOptions plan={plan} config={config.data} />
      )}
    </Page>
  );
}

/** The plan and price the plan page's button carried, or null. */
function chosenPlan(params: URLSearchParams): SelectedPlan | null {
  const name = params.get('plan');
  const price = Number(params.get('price'));
  return name && params.get('price') && price > 0 ? { name, price } : null;
}
