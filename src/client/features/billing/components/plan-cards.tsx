import { formatAmount } from '@shared/money';
import { Check, Star } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { Subscription } from '@shared/schemas/billing';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/utils';
import { usePlans } from '../../../lib/api/get-plans';
import { PlanChangeDialog, type PlanChoice } from './plan-change-dialog';
import { PATHS } from '@shared/paths';

/**
 * The plans from the plans table. Without an active plan each button goes to the payment
 * selection for it; with one, choosing another plan changes it (at the next billing cycle, or
 * an upgrade now after confirming its prorated amount), never a second purchase.
 */
export function PlanCards({ subscription }: { subscription?: Subscription | null }) {
  const plans = usePlans();
  const [choice, setChoice] = useState<PlanChoice | null>(null);
  const currentPlan = subscription?.plan.name;
  const active = subscription?.status === 'active' ? subscription : null;
  if (plans.isLoading) return <Skeleton className="h-72" />;
  if (plans.isError) return <p role="alert">Plans could not be loaded. Please try again.</p>;
  return (
    <div>
      <div className="grid gap-6 md:grid-cols-3">
        {plans.data!.map((p) => (
          <Card
            key={p.id}
            data-testid="plan"
            className={cn(
              'relative flex flex-col',
              p.popular && 'border-2 border-blue-600 shadow-lg',
            )}
          >
            {p.popular && (
              <Badge className="absolute -top-3 left-1/2 -translate-x-1/2 gap-1">
                <Star className="h-3 w-3" aria-hidden="true" /> Most Popular
              </Badge>
            )}
            <CardHeader>
              <CardTitle>{p.name}</CardTitle>
              <p>
                <span className="text-3xl font-bold">{formatAmount(p.price)}</span>
                <span className="text-slate-500">/month</span>
              </p>
              <p className="text-sm text-slate-600">{p.description}</p>
            </CardHeader>
            <CardContent className="flex flex-1 flex-col justify-between gap-6">
              <ul className="space-y-2 text-sm">
                {p.features.map((f) => (
                  <li key={f} className="flex gap-2">
                    <Check className="h-4 w-4 shrink-0 text-green-600" aria-hidden="true" /> {f}
                  </li>
                ))}
              </ul>
              {currentPlan === p.name ? (
                <Button variant="outline" disabled>
                  Current Plan
                </Button>
              ) : active ? (
                <Button variant={p.popular ? 'default' : 'outline'} onClick={() => setChoice(p)}>
                  Choose {p.name}
                </Button>
              ) : (
                <Button asChild variant={p.popular ? 'default' : 'outline'}>
                  <Link
                    to={`${PATHS.paymentSelection}?plan=${encodeURIComponent(p.name)}&price=${p.price.toFixed(2)}`}
                  >
                    Choose {p.name}
                  </Link>
                </Button>
              )}
            </CardContent>
          </Card>
        ))}
      </div>
      <ul className="mt-6 space-y-1 text-center text-sm text-slate-600">
        <li>Change plans any time: changes take effect at the next billing cycle.</li>
        <li>Cancel any time: your plan stays active until the end of the period.</li>
        <li>No setup fees. No commissions on your jobs.</li>
      </ul>
      {active && (
        <PlanChangeDialog subscription={active} plan={choice} onClose={() => setChoice(null)} />
      )}
    </div>
  );
}
