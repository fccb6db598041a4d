import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useAuthDialog } from '../app/auth-dialog-context';
import { AccessRequired, AuthenticationRequired } from '../components/guards';
import { Page } from '../components/page';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { Label } from '../components/ui/label';
import { Select } from '../components/ui/select';
import { Skeleton } from '../components/ui/skeleton';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { useCurrentSubscription, usePlans, useSubscriptionAction } from '../features/billing/api';
import { PlanCards } from '../features/billing/plan-cards';
import { errorMessage } from '../lib/api-client';
import { notify } from '../lib/toast';

const STATUS = { active: 'Active', past_due: 'Past Due', canceled: 'Canceled' } as const;
const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric' });

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

function CurrentPlan() {
  const current = useCurrentSubscription(true);
  const plans = usePlans();
  const action = useSubscriptionAction();
  const [next, setNext] = useState('');
  if (current.isLoading) return <Skeleton className="h-32" />;
  const s = current.data?.subscription;
  if (!s)
    return (
      <Card>
        <CardContent className="pt-6 text-slate-600">
          You have no active plan. Choose one below to start receiving leads.
        </CardContent>
      </Card>
    );
  const run = (v: Parameters<typeof action.mutate>[0], done: string) =>
    action.mutate(v, {
      onSuccess: () => notify({ title: 'Plan Updated', description: done }),
      onError: (err) =>
        notify({
          title: 'Error',
          description: errorMessage(err, 'The plan could not be changed.'),
          variant: 'destructive',
        }),
    });
  return (
    <Card data-testid="current-plan">
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-3">
          Current Plan: {s.plan.name}
          <Badge variant={s.status === 'active' ? 'success' : 'destructive'}>
            {STATUS[s.status]}
          </Badge>
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4 text-sm">
        <p>
          ${s.plan.price.toFixed(2)}/month ·{' '}
          {s.cancelAtPeriodEnd
            ? `Ends on ${day(s.currentPeriodEnd)}`
            : `Renews on ${day(s.currentPeriodEnd)}`}
          {s.pendingPlan && ` · Changes to ${s.pendingPlan} on ${day(s.currentPeriodEnd)}`}
        </p>
        {s.status === 'past_due' && (
          <p className="rounded-md bg-red-50 p-3 text-red-800">
            Your last payment failed. Choose a plan below to pay again and keep your plan.
          </p>
        )}
        {!s.canAutoRenew && s.status === 'active' && !s.cancelAtPeriodEnd && (
          <p className="text-slate-600">
            Paid with a wallet: pay again before the renewal date to keep your plan.
          </p>
        )}
        <div className="flex flex-wrap items-end gap-3">
          <div className="space-y-1.5">
            <Label htmlFor="change-plan">Change plan (next billing cycle)</Label>
            <Select id="change-plan" value={next} onChange={(e) => setNext(e.target.value)}>
              <option value="">Select a plan</option>
              {plans.data
                ?.filter((p) => p.name !== s.plan.name)
                .map((p) => (
                  <option key={p.id} value={p.name}>
                    {p.name} (${p.price.toFixed(2)}/month)
                  </option>
                ))}
            </Select>
          </div>
          <Button
            variant="outline"
            disabled={!next || action.isPending}
            onClick={() =>
              run(
                { action: 'change', planName: next },
                `Your plan changes to ${next} at the next billing cycle.`,
              )
            }
          >
            Change Plan
          </Button>
          {s.cancelAtPeriodEnd ? (
            <Button
              variant="outline"
              disabled={action.isPending}
              onClick={() => run({ action: 'resume' }, 'Your plan will renew.')}
            >
              Keep My Plan
            </Button>
          ) : (
            <Button
              variant="destructive"
              disabled={action.isPending}
              onClick={() =>
                run(
                  { action: 'cancel' },
                  `Your plan stays active until ${day(s.currentPeriodEnd)}.`,
                )
              }
            >
              Cancel Plan
            </Button>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
