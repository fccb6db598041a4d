import { formatAmount } from '@shared/money';
import { Lock } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { FormError } from '../../../components/ui/form-error';
import { notify } from '../../../lib/toast';
import type { SelectedPlan } from '../use-card-subscription';

export type CardFormState = 'loading' | 'ready' | 'processing' | 'unavailable';

/**
 * The card forms' submit button: its text follows the form's state; the last attempt's failure
 * (the server's message) stands above it until the next attempt.
 */
export function CardSubmitButton({
  state,
  plan,
  error,
}: {
  state: CardFormState;
  plan: SelectedPlan;
  error: { id: string; message: string | null; describedBy: string | undefined };
}) {
  return (
    <>
      <FormError id={error.id} message={error.message} />
      <Button
        type="submit"
        className="w-full"
        disabled={state !== 'ready'}
        aria-describedby={error.describedBy}
      >
        <Lock className="mr-2 h-4 w-4" aria-hidden="true" />
        {state === 'loading'
          ? 'Loading card form...'
          : state === 'processing'
            ? 'Processing...'
            : `Subscribe for ${formatAmount(plan.price)}/month`}
      </Button>
    </>
  );
}

export const requiredFieldsToast = () =>
  notify({
    title: 'Validation Error',
    description: 'Please fill in all required fields.',
    variant: 'destructive',
  });
