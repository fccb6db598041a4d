import { useEffect, useState, type FormEvent } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { formatCardNumber, formatExpiry } from '../../../lib/card-input';
import { CARD_FORM_INIT_MS } from '../../../lib/square-card';
import { tokenizeSandboxCard } from '../../../lib/api/tokenize-sandbox-card';
import { useCardSubscription, type SelectedPlan } from '../use-card-subscription';
import { CardSubmitButton, requiredFieldsToast, type CardFormState } from './card-submit-button';

/** The sandbox card form; it attaches after a short setup, like a provider's hosted fields. */
export function SandboxCardForm({ plan }: { plan: SelectedPlan }) {
  const { subscribe, error } = useCardSubscription(plan, 'the sandbox (test payments)');
  const [state, setState] = useState<CardFormState>('loading');
  const [f, setF] = useState({ cardholderName: '', number: '', expiry: '', cvv: '' });
  useEffect(() => {
    const timer = setTimeout(() => setState('ready'), CARD_FORM_INIT_MS);
    return () => clearTimeout(timer);
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!f.cardholderName.trim() || state !== 'ready') return requiredFieldsToast();
    setState('processing');
    const done = await subscribe(
      () => tokenizeSandboxCard({ number: f.number, expiry: f.expiry, cvv: f.cvv }),
      f.cardholderName.trim(),
    );
    if (!done) setState('ready');
  };

  // The number and expiry are formatted as typed (1228 reads 12/28).
  const formats: Partial<Record<keyof typeof f, (typed: string) => string>> = {
    number: formatCardNumber,
    expiry: formatExpiry,
  };
  const field = (name: keyof typeof f) => ({
    id: `card-${name}`,
    value: f[name],
    disabled: state !== 'ready',
    onChange: (e: { target: { value: string } }) =>
      setF({ ...f, [name]: formats[name]?.(e.target.value) ?? e.target.value }),
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Card Details</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4 sm:grid-cols-4">
          <div className="space-y-1.5 sm:col-span-4">
            <Label htmlFor="card-cardholderName">Cardholder Name</Label>
            <Input autoComplete="cc-name" {...field('cardholderName')} />
          </div>
          <div className="space-y-1.5 sm:col-span-2">
            <Label htmlFor="card-number">Card Number</Label>
            <Input
              inputMode="numeric"
              autoComplete="cc-number"
              maxLength={19}
              placeholder="4111 1111 1111 1111"
              {...field('number')}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="card-expiry">Expiry</Label>
            <Input
              autoComplete="cc-exp"
              inputMode="numeric"
              maxLength={5}
              placeholder="MM/YY"
              {...field('expiry')}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="card-cvv">CVV</Label>
            <Input inputMode="numeric" autoComplete="cc-csc" maxLength={4} {...field('cvv')} />
          </div>
          <div className="sm:col-span-4">
            <CardSubmitButton state={state} plan={plan} error={error} />
          </div>
          <p className="text-xs text-slate-500 sm:col-span-4">
            Sandbox test cards: 4111 1111 1111 1111 (approved), 4000 0000 0000 0002 (declined).
          </p>
        </form>
      </CardContent>
    </Card>
  );
}
