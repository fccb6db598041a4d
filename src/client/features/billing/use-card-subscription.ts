import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useNavigate } from 'react-router';
import { useFormError } from '../../components/ui/form-error';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useAttemptToken } from '../../lib/attempt-token';
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
 * `subscribe` resolves true on success (after redirecting), or false when the user may try
 * again; `error` is then why (the server's message), for the form to show by its button.
 */
export function useCardSubscription(
  plan: SelectedPlan,
  /** Who takes the card, as the success message names them. */
  provider: string,
) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const attempt = useAttemptKey(`${plan.name}:${plan.price}`);
  // The attempt's card token goes with its key: a retry is the same request (the server refuses
  // another card under the key).
  const tokenFor = useAttemptToken();
  const inFlight = useRef(false);
  const error = useFormError();
  const subscribe = async (
    getToken: () => Promise<string>,
    cardholderName: string,
  ): Promise<boolean> => {
    if (inFlight.current) return false;
    inFlight.current = true;
    error.clear();
    try {
      return await pay(getToken, cardholderName);
    } finally {
      inFlight.current = false;
    }
  };
  return { subscribe, error };

  /** The failure's toast, and the same words kept by the form's button. */
  function failed(title: string, description: string) {
    error.report(null, description);
    notify({ title, description, variant: 'destructive' });
  }

  async function pay(getToken: () => Promise<string>, cardholderName: string) {
    let token: string;
    try {
      token = await tokenFor(attempt.key, getToken);
    } catch (err) {
      failed(
        'Payment Failed',
        `Card tokenization failed: ${errorMessage(err, err instanceof Error ? err.message : 'check the card details')}`,
      );
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
      if (err instanceof ApiError)
        failed('Payment Failed', errorMessage(err, 'Subscription creation failed'));
      else failed('Payment Error', 'An unexpected error occurred');
      return false;
    }
    attempt.renew();
    await qc.invalidateQueries({ queryKey: billingKeys.all });
    notify({
      title: 'Subscription Activated',
      description: `Your monthly subscription has been set up successfully with ${provider}.`,
    });
    void navigate(`${PATHS.platformPayment}?success=true`);
    return true;
  }
}
