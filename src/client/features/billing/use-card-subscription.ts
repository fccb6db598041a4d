import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessage } from '../../lib/api-client';
import { notify } from '../../lib/toast';
import { createCardSubscription } from './api/create-card-subscription';
import { billingKeys } from './api/keys';
import { isDefinitive, useAttemptKey } from './attempt-key';
import { PATHS } from '@shared/paths';

/** The plan being paid for, from the payment selection's address. */
export type SelectedPlan = { name: string; price: number };

/**
 * Subscribes with a card token: the price goes with the plan's name and the server checks it.
 * One idempotency key per payment attempt: made when the form opens or the plan changes,
 * reused by retries and double clicks, renewed after a definitive answer.
 * Returns normally on success (after redirecting), or false when the user may try again.
 */
export function useCardSubscription(plan: SelectedPlan) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const attempt = useAttemptKey(`${plan.name}:${plan.price}`);
  const inFlight = useRef(false);
  return async (getToken: () => Promise<string>, cardholderName: string): Promise<boolean> => {
    if (inFlight.current) return false;
    inFlight.current = true;
    try {
      return await pay(getToken, cardholderName);
    } finally {
      inFlight.current = false;
    }
  };

  async function pay(getToken: () => Promise<string>, cardholderName: string) {
    let token: string;
    try {
      token = await getToken();
    } catch (err) {
      notify({
        title: 'Payment Failed',
        description: `Card tokenization failed: ${errorMessage(err, err instanceof Error ? err.message : 'check the card details')}`,
        variant: 'destructive',
      });
      return false;
    }
    try {
      await createCardSubscription({
        sourceId: token,
        planName: plan.name,
        planPrice: plan.price,
        cardholderName,
        idempotencyKey: attempt.key,
      });
    } catch (err) {
      // A decline or a refusal ends this attempt; a lost answer is retried with the same key.
      if (err instanceof ApiError && isDefinitive(err.status)) attempt.renew();
      notify(
        err instanceof ApiError
          ? {
              title: 'Payment Failed',
              description: errorMessage(err, 'Subscription creation failed'),
              variant: 'destructive',
            }
          : {
              title: 'Payment Error',
              description: 'An unexpected error occurred',
              variant: 'destructive',
            },
      );
      return false;
    }
    attempt.renew();
    await qc.invalidateQueries({ queryKey: billingKeys.all });
    notify({
      title: 'Subscription Activated',
      description: 'Your monthly subscription has been set up successfully with Square.',
    });
    void navigate(`${PATHS.platformPayment}?success=true`);
    return true;
  }
}
