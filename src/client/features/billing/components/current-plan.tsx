import { formatAmount } from '@shared/money';
import { useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import { Skeleton } from '../../../components/ui/skeleton';
import { FormError, reportActionError, useFormError } from '../../../components/ui/form-error';
import { formatShortDate } from '../../../lib/dates';
import { notify } from '../../../lib/toast';
import { useCurrentSubscription } from '../api/get-current-subscription';
import { usePlans } from '../../../lib/api/get-plans';
import { useSubscriptionAction } from '../api/subscription-action';
import { isWalletProvider, type Subscription } from '@shared/schemas/billing';

const STATUS = { active: 'Active', past_due: 'Past Due', canceled: 'Canceled' } as const;
const day = formatShortDate;

/** The technician's plan: status, renewal, and changing, cancelling or keeping it. */
export function CurrentPlan() {
  const current = useCurrentSubscription(true);
  const plans = usePlans();
  const action = useSubscriptionAction();
  // The server's refusal stays under the plan's buttons until the next action.
  const error = useFormError();
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
  const run = (v: Parameters<typeof action.mutate>[0], done: string) => {
    error.clear();
    action.mutate(v, {
      onSuccess: () => notify({ title: 'Plan Updated', description: done }),
      onError: (err) =>
        error.report(null, reportActionError(err, 'Error', 'The plan could not be changed.')),
    });
  };
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
          {formatAmount(s.plan.price)}/month ·{' '}
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
        {s.status === 'active' && !s.cancelAtPeriodEnd && <RenewalNote s={s} />}
        <div className="flex flex-wrap items-end gap-3">
          <div className="space-y-1.5">
            <Label htmlFor="change-plan">Change plan (next billing cycle)</Label>
            <Select id="change-plan" value={next} onChange={(e) => setNext(e.target.value)}>
              <option value="">Select a plan</option>
              {plans.data
                ?.filter((p) => p.name !== s.plan.name)
                .map((p) => (
                  <option key={p.id} value={p.name}>
                    {p.name} ({formatAmount(p.price)}/month)
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
        <FormError id={error.id} message={error.message} />
      </CardContent>
    </Card>
  );
}

/** How the plan renews: by itself (card on file, saved PayPal account) or paid again by hand. */
function RenewalNote({ s }: { s: Subscription }) {
  const wallet = isWalletProvider(s.provider);
  if (s.canAutoRenew)
    return wallet ? (
      <p className="text-slate-600" data-testid="renewal-note">
        Renews automatically with your saved PayPal account.
      </p>
    ) : null;
  return (
    <p className="text-slate-600" data-testid="renewal-note">
      {wallet
        ? 'Paid with PayPal before automatic renewals: this plan does not renew by itself. When it falls due, pay again with PayPal; your PayPal account is then saved and later months renew automatically.'
        : 'No card on file: pay again when the plan falls due to keep it.'}
    </p>
  );
}
