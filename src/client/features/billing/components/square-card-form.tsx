import { useState, type FormEvent } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { useSquareCard, type SquareCardConfig } from '../../../lib/square-card';
import { notify } from '../../../lib/toast';
import { useCardSubscription, type SelectedPlan } from '../use-card-subscription';
import { CardSubmitButton, requiredFieldsToast, type CardFormState } from './card-submit-button';

/** Square's Web Payments SDK card form: its hosted fields attach into our page. */
export function SquareCardForm({ plan, square }: { plan: SelectedPlan; square: SquareCardConfig }) {
  const { subscribe, error } = useCardSubscription(plan, 'Square');
  const [processing, setProcessing] = useState(false);
  const [cardholderName, setCardholderName] = useState('');
  const card = useSquareCard(square, 'square-card-container');
  const state: CardFormState = processing ? 'processing' : card.state;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (state === 'unavailable')
      return notify({
        title: 'Payment Error',
        description: 'Payment system not available',
        variant: 'destructive',
      });
    if (!cardholderName.trim() || state !== 'ready') return requiredFieldsToast();
    setProcessing(true);
    const done = await subscribe(() => card.tokenize(), cardholderName.trim());
    if (!done) setProcessing(false);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Card Details</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4">
          <div className="space-y-1.5">
            <Label htmlFor="card-cardholderName">Cardholder Name</Label>
            <Input
              id="card-cardholderName"
              autoComplete="cc-name"
              value={cardholderName}
              disabled={state === 'processing'}
              onChange={(e) => setCardholderName(e.target.value)}
            />
          </div>
          <div id="square-card-container" className="min-h-[90px]" />
          <CardSubmitButton state={state} plan={plan} error={error} />
        </form>
      </CardContent>
    </Card>
  );
}
