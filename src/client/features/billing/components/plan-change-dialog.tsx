import { formatAmount } from '@shared/money';
import type { Subscription } from '@shared/schemas/billing';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormError, reportActionError, useFormError } from '../../../components/ui/form-error';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatShortDate } from '../../../lib/dates';
import { notify } from '../../../lib/toast';
import { useSubscriptionAction } from '../api/subscription-action';
import { useUpgradeNow, useUpgradeQuote } from '../api/upgrade';
import { isDefinitive, useAttemptKey } from '../attempt-key';

export type PlanChoice = { name: string; price: number; rank: number };

const day = formatShortDate;
const dollars = (n: number) => formatAmount(n);

/**
 * Choosing another plan while one is active: the change applies at the next billing cycle (the
 * same request as 'Change plan'). An upgrade may instead take effect now, only after this
 * dialog has shown the prorated amount that is charged now to the card on file.
 */
export function PlanChangeDialog({
  subscription: s,
  plan,
  onClose,
  onChanged,
}: {
  subscription: Subscription;
  plan: PlanChoice | null;
  onClose: () => void;
  onChanged?: () => void;
}) {
  const upgrade = plan !== null && plan.rank > s.plan.rank;
  const quote = useUpgradeQuote(plan?.name ?? '', upgrade);
  const change = useSubscriptionAction();
  const upgradeNow = useUpgradeNow();
  // One key per confirmed amount: a retry or a double click is the same payment.
  const attempt = useAttemptKey(`${plan?.name ?? ''}:${quote.data?.amount ?? ''}`);
  const busy = change.isPending || upgradeNow.isPending;
  // The server's refusal stays by the dialog's buttons until the next attempt.
  const error = useFormError();
  const close = () => {
    error.clear();
    onClose();
  };

  const done = (title: string, description: string) => {
    notify({ title, description });
    close();
    onChanged?.();
  };

  const schedule = () => {
    if (!plan) return;
    error.clear();
    change.mutate(
      { action: 'change', planName: plan.name },
      {
        onSuccess: () =>
          done('Plan Updated', `Your plan changes to ${plan.name} at the next billing cycle.`),
        onError: (err) =>
          error.report(null, reportActionError(err, 'Error', 'The plan could not be changed.')),
      },
    );
  };

  const confirmUpgrade = () => {
    if (!plan || !quote.data || busy) return;
    const amount = quote.data.amount;
    error.clear();
    upgradeNow.mutate(
      { planName: plan.name, amount, idempotencyKey: attempt.key },
      {
        onSuccess: () => {
          attempt.renew();
          done(
            'Plan Upgraded',
            `You are now on the ${plan.name} plan. ${dollars(amount)} was charged to your card on file.`,
          );
        },
        onError: (err) => {
          const status = err instanceof ApiError ? err.status : undefined;
          if (isDefinitive(status)) attempt.renew();
          // The amount due moved on (time passes): show the new one to confirm again.
          if (status === 409) void quote.refetch();
          error.report(
            null,
            reportActionError(err, 'Upgrade Failed', 'The upgrade could not be completed.'),
          );
        },
      },
    );
  };

  return (
    <Dialog open={plan !== null} onOpenChange={(o) => !o && !busy && close()}>
      <DialogContent className="max-w-md">
        {plan && (
          <>
            <DialogHeader>
              <DialogTitle>Change to {plan.name}?</DialogTitle>
              <DialogDescription>
                You are on the {s.plan.name} plan until {day(s.currentPeriodEnd)}. At the next
                billing cycle your plan changes to {plan.name} at {dollars(plan.price)}/month.
                Nothing is charged now.
              </DialogDescription>
            </DialogHeader>
            {upgrade && (
              <div
                className="space-y-1 rounded-md border border-blue-200 bg-blue-50 p-3 text-sm"
                data-testid="upgrade-now"
              >
                {quote.isLoading ? (
                  <p>Calculating the amount due now...</p>
                ) : quote.isError ? (
                  <p>{errorMessage(quote.error, 'An upgrade now is not available.')}</p>
                ) : quote.data && !quote.data.canUpgradeNow ? (
                  <p>Paid with a wallet: an upgrade applies at the next billing cycle.</p>
                ) : quote.data ? (
                  <>
                    <p className="font-semibold">Or upgrade now</p>
                    <p>
                      {dollars(quote.data.amount)} is charged now to your card on file: the price
                      difference for the rest of this period. Then {dollars(plan.price)}/month from{' '}
                      {day(quote.data.currentPeriodEnd)}.
                    </p>
                  </>
                ) : null}
              </div>
            )}
            <FormError id={error.id} message={error.message} />
            <div className="flex flex-wrap justify-end gap-2">
              <Button variant="outline" disabled={busy} onClick={close}>
                Cancel
              </Button>
              <Button
                variant={upgrade ? 'outline' : 'default'}
                disabled={busy}
                aria-describedby={error.describedBy}
                onClick={() => schedule()}
              >
                Change at Next Billing Cycle
              </Button>
              {upgrade && quote.data?.canUpgradeNow && (
                <Button
                  disabled={busy}
                  aria-describedby={error.describedBy}
                  onClick={confirmUpgrade}
                >
                  {upgradeNow.isPending
                    ? 'Processing...'
                    : `Upgrade Now for ${dollars(quote.data.amount)}`}
                </Button>
              )}
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
