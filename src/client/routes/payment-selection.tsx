import { ArrowLeft, CreditCard, Lock, Wallet } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Page } from '../components/page';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../components/ui/dialog';
import { Input } from '../components/ui/input';
import { Label } from '../components/ui/label';
import { billingKeys, usePaymentsConfig } from '../features/billing/api';
import { apiRequest, ApiError, errorMessage } from '../lib/api-client';
import { notify } from '../lib/toast';

type Plan = { name: string; price: number };

export default function PaymentSelection() {
  const [params] = useSearchParams();
  const name = params.get('plan');
  const price = Number(params.get('price'));
  const plan: Plan | null = name && params.get('price') && price > 0 ? { name, price } : null;
  const config = usePaymentsConfig();
  const [method, setMethod] = useState<'card' | null>(null);

  return (
    <Page title="Payment Method" className="max-w-3xl">
      <Button variant="outline" asChild className="mb-6">
        <Link to="/platform-payment">
          <ArrowLeft className="mr-2 h-4 w-4" aria-hidden="true" /> Back to Plans
        </Link>
      </Button>
      {!plan || config.isLoading ? (
        <p className="text-slate-600">Loading payment options...</p>
      ) : !config.data?.card && !config.data?.wallet ? (
        <Card>
          <CardContent className="space-y-2 pt-6">
            <p className="font-semibold">Payment Unavailable</p>
            <p className="text-slate-600">Payment processing is not configured.</p>
          </CardContent>
        </Card>
      ) : (
        <div className="space-y-6">
          <Card>
            <CardContent className="flex items-center justify-between pt-6">
              <div>
                <p className="text-sm text-slate-500">Selected plan</p>
                <p className="text-xl font-bold">{plan.name}</p>
              </div>
              <p>
                <span className="text-2xl font-bold">${plan.price.toFixed(2)}</span>
                <span className="text-slate-500">/month</span>
              </p>
            </CardContent>
          </Card>
          <div className="grid gap-4 md:grid-cols-2">
            {config.data.card && (
              <Card>
                <CardHeader>
                  <CardTitle className="flex items-center gap-2">
                    <CreditCard className="h-5 w-5" aria-hidden="true" /> Card
                  </CardTitle>
                </CardHeader>
                <CardContent>
                  <Button className="w-full" onClick={() => setMethod('card')}>
                    Pay with Card
                  </Button>
                </CardContent>
              </Card>
            )}
            {config.data.wallet && (
              <Card>
                <CardHeader>
                  <CardTitle className="flex items-center gap-2">
                    <Wallet className="h-5 w-5" aria-hidden="true" /> PayPal
                  </CardTitle>
                </CardHeader>
                <CardContent>
                  <WalletButton plan={plan} />
                </CardContent>
              </Card>
            )}
          </div>
          {method === 'card' && <CardForm plan={plan} />}
          <ul className="space-y-1 text-sm text-slate-600">
            <li>Billed monthly. Cancel anytime.</li>
            <li>
              By paying you agree to our{' '}
              <Link className="underline" to="/terms-of-service">
                Terms of Service
              </Link>{' '}
              and{' '}
              <Link className="underline" to="/privacy-policy">
                Privacy Policy
              </Link>
              .
            </li>
          </ul>
        </div>
      )}
    </Page>
  );
}

/** The sandbox card form; it attaches after a short setup, like a provider's hosted fields. */
function CardForm({ plan }: { plan: Plan }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [state, setState] = useState<'loading' | 'ready' | 'processing'>('loading');
  const [f, setF] = useState({ cardholderName: '', number: '', expiry: '', cvv: '' });
  useEffect(() => {
    const timer = setTimeout(() => setState('ready'), 100);
    return () => clearTimeout(timer);
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!f.cardholderName.trim() || state !== 'ready') {
      notify({
        title: 'Validation Error',
        description: 'Please fill in all required fields.',
        variant: 'destructive',
      });
      return;
    }
    setState('processing');
    let token: string;
    try {
      ({ token } = await apiRequest<{ token: string }>('POST', '/api/payments/sandbox/tokenize', {
        number: f.number,
        expiry: f.expiry,
        cvv: f.cvv,
      }));
    } catch (err) {
      notify({
        title: 'Payment Failed',
        description: `Card tokenization failed: ${errorMessage(err, 'check the card details')}`,
        variant: 'destructive',
      });
      setState('ready');
      return;
    }
    try {
      await apiRequest('POST', '/api/square/create-subscription', {
        sourceId: token,
        planName: plan.name,
        planPrice: plan.price,
        cardholderName: f.cardholderName.trim(),
        idempotencyKey: crypto.randomUUID(),
      });
      await qc.invalidateQueries({ queryKey: billingKeys.all });
      notify({
        title: 'Subscription Activated',
        description: 'Your monthly subscription has been set up successfully with Square.',
      });
      void navigate('/platform-payment?success=true');
    } catch (err) {
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
      setState('ready');
    }
  };

  const field = (name: keyof typeof f) => ({
    id: `card-${name}`,
    value: f[name],
    disabled: state !== 'ready',
    onChange: (e: { target: { value: string } }) => setF({ ...f, [name]: e.target.value }),
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
            <Input autoComplete="cc-exp" maxLength={5} placeholder="MM/YY" {...field('expiry')} />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="card-cvv">CVV</Label>
            <Input inputMode="numeric" autoComplete="cc-csc" maxLength={4} {...field('cvv')} />
          </div>
          <Button type="submit" className="sm:col-span-4" disabled={state !== 'ready'}>
            <Lock className="mr-2 h-4 w-4" aria-hidden="true" />
            {state === 'loading'
              ? 'Loading card form...'
              : state === 'processing'
                ? 'Processing...'
                : `Subscribe for $${plan.price.toFixed(2)}/month`}
          </Button>
          <p className="text-xs text-slate-500 sm:col-span-4">
            Sandbox test cards: 4111 1111 1111 1111 (approved), 4000 0000 0000 0002 (declined).
          </p>
        </form>
      </CardContent>
    </Card>
  );
}

/** The wallet: an order for the plan's price, approved by the payer, then captured. */
function WalletButton({ plan }: { plan: Plan }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [orderId, setOrderId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const order = await apiRequest<{ id: string }>('POST', '/api/paypal/order', {
        amount: plan.price,
        currency: 'USD',
        intent: 'CAPTURE',
        planName: plan.name,
      });
      setOrderId(order.id);
    } catch (err) {
      console.error('wallet order failed', err);
      setError(errorMessage(err, 'The wallet is not available right now.'));
    } finally {
      setBusy(false);
    }
  };

  const approve = async () => {
    if (!orderId) return;
    setBusy(true);
    try {
      await apiRequest('POST', `/api/payments/sandbox/orders/${orderId}/approve`);
      const capture = await apiRequest<{ status: string }>(
        'POST',
        `/api/paypal/order/${orderId}/capture`,
      );
      if (capture.status === 'COMPLETED') {
        await qc.invalidateQueries({ queryKey: billingKeys.all });
        void navigate('/platform-payment?success=true&method=paypal');
      } else setError(`Payment ${capture.status.toLowerCase().replace(/_/g, ' ')}`);
    } catch (err) {
      console.error('wallet capture failed', err);
      setError(errorMessage(err, 'The payment could not be completed.'));
    } finally {
      setBusy(false);
      setOrderId(null);
    }
  };

  return (
    <>
      <Button
        className="w-full bg-[#ffc439] text-slate-900 hover:bg-[#f2b92f]"
        disabled={busy}
        onClick={() => void start()}
      >
        Pay with PayPal
      </Button>
      {error && <p className="mt-2 text-sm text-red-700">{error}</p>}
      <Dialog open={orderId !== null} onOpenChange={(o) => !o && setOrderId(null)}>
        <DialogContent className="max-w-sm">
          <DialogHeader>
            <DialogTitle>Sandbox Wallet</DialogTitle>
            <DialogDescription>
              Approve a payment of ${plan.price.toFixed(2)} for the {plan.name} plan.
            </DialogDescription>
          </DialogHeader>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setOrderId(null)}>
              Cancel
            </Button>
            <Button disabled={busy} onClick={() => void approve()}>
              Approve Payment
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
