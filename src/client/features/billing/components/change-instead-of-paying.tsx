import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { Subscription } from '@shared/schemas/billing';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { usePlans } from '../../../lib/api/get-plans';
import type { SelectedPlan } from '../use-card-subscription';
import { PlanChangeDialog, type PlanChoice } from './plan-change-dialog';
import { PATHS } from '@shared/paths';

/**
 * With a plan active, choosing another one is a plan change (the server refuses a second
 * purchase): at the next billing cycle, or an upgrade now after confirming its prorated amount.
 */
export function ChangeInsteadOfPaying({
  subscription,
  plan,
}: {
  subscription: Subscription;
  plan: SelectedPlan;
}) {
  const navigate = useNavigate();
  const plans = usePlans();
  const [choice, setChoice] = useState<PlanChoice | null>(null);
  const target = plans.data?.find((p) => p.name === plan.name);
  const same = subscription.plan.name === plan.name;
  return (
    <Card>
      <CardContent className="space-y-4 pt-6">
        <p className="font-semibold">You are on the {subscription.plan.name} plan</p>
        <p className="text-slate-600">
          {same
            ? 'This is your current plan: there is nothing to pay now.'
            : `Changing to ${plan.name} applies at the next billing cycle; an upgrade can take effect now for the prorated difference.`}
        </p>
        {!same && target && (
          <Button onClick={() => setChoice(target)}>Change to {plan.name}</Button>
        )}
        <PlanChangeDialog
          subscription={subscription}
          plan={choice}
          onClose={() => setChoice(null)}
          onChanged={() => void navigate(PATHS.platformPayment)}
        />
      </CardContent>
    </Card>
  );
}
