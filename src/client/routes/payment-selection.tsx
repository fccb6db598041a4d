import { ArrowLeft, CreditCard, Lock, Wallet } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Subscription } from '@shared/schemas/billing';
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
import { useCurrentUser } from '../features/auth/api/get-current-user';
import {
  billingKeys,
  useCurrentSubscription,
  usePaymentsConfig,
  usePlans,
} from '../features/billing/api';
import { isDefinitive, useAttemptKey } from '../features/billing/attempt-key';
import { PlanChangeDialog, type PlanChoice } from '../features/billing/plan-change-dialog';
import { apiRequest, ApiError, errorMessage } from '../lib/api-client';
import {
  CARD_FORM_INIT_MS,
  loadScript,
  useSquareCard,
  type SquareCardConfig,
} from '../lib/square-card';
import { notify } from '../lib/toast';

type Plan = { name: string; price: number };

export default function PaymentSelection() {
  const [params] = useSearchParams();
  const name = params.get('plan');
  const price = Number(params.get('price'));
  const plan: Plan | null = name && params.get('price') && price > 0 ? { name, price } : null;
  const config = usePaymentsConfig();
  const [method, setMethod] = useState<'card' | null>(null);
  const { data: user } = useCurrentUser();
  const current = useCurrentSubscription(user?.technicianId != null);
  const active = current.data?.subscription?.status === 'active' ? current.data.subscription : null;

  return (
    <Page title="Payment Method" className="max-w-3xl">
      <Button variant="outline" asChild className="mb-6">
        <Link to="/platform-payment">
          <ArrowLeft className="mr-2 h-4 w-4" aria-hidden="true" /> Back to Plans
        </Link>
      </Button>
      {!plan || config.isLoading || current.isLoading ? (
        <p className="text-slate-600">Loading payment options...</p>
      ) : active ? (
        <ChangeInsteadOfPaying subscription={active} plan={plan} />
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
                  {config.data.wallet.provider === 'paypal' ? (
                    <PayPalButtons plan={plan} />
                  ) : (
                    <WalletButton plan={plan} />
                  )}
                </CardContent>
              </Card>
            )}
          </div>
          {method === 'card' &&
            (config.data.card?.provider === 'square' ? (
              <SquareCardForm plan={plan} square={config.data.card} />
            ) : (
              <SandboxCardForm plan={plan} />
            ))}
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

/**
 * With a plan active, choosing another one is a plan change (the server refuses a second
 * purchase): at the next billing cycle, or an upgrade now after confirming its prorated amount.
 */
function ChangeInsteadOfPaying({ subscription, plan }: { subscription: Subscription; plan: Plan }) {
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
          onChanged={() => void navigate('/platform-payment')}
        />
      </CardContent>
    </Card>
  );
}

/**
 * Subscribes with a card token: the price goes with the plan's name and the server checks it.
 * One idempotency key per payment attempt: made when the form opens or the plan changes,
 * reused by retries and double clicks, renewed after a definitive answer.
 * Returns normally on success (after redirecting), or false when the user may try again.
 */
function useCardSubscription(plan: Plan) {
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
      await apiRequest('POST', '/api/square/create-subscription', {
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
    void navigate('/platform-payment?success=true');
    return true;
  }
}

type FormState = 'loading' | 'ready' | 'processing' | 'unavailable';

function SubmitButton({ state, plan }: { state: FormState; plan: Plan }) {
  return (
    <Button type="submit" className="w-full" disabled={state !== 'ready'}>
      <Lock className="mr-2 h-4 w-4" aria-hidden="true" />
      {state === 'loading'
        ? 'Loading card form...'
        : state === 'processing'
          ? 'Processing...'
          : `Subscribe for $${plan.price.toFixed(2)}/month`}
    </Button>
  );
}

const requiredFieldsToast = () =>
  notify({
    title: 'Validation Error',
    description: 'Please fill in all required fields.',
    variant: 'destructive',
  });

/** The sandbox card form; it attaches after a short setup, like a provider's hosted fields. */
function SandboxCardForm({ plan }: { plan: Plan }) {
  const subscribe = useCardSubscription(plan);
  const [state, setState] = useState<FormState>('loading');
  const [f, setF] = useState({ cardholderName: '', number: '', expiry: '', cvv: '' });
  useEffect(() => {
    const timer = setTimeout(() => setState('ready'), CARD_FORM_INIT_MS);
    return () => clearTimeout(timer);
  }, []);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!f.cardholderName.trim() || state !== 'ready') return requiredFieldsToast();
    setState('processing');
    const done = await subscribe(async () => {
      const { token } = await apiRequest<{ token: string }>(
        'POST',
        '/api/payments/sandbox/tokenize',
        {
          number: f.number,
          expiry: f.expiry,
          cvv: f.cvv,
        },
      );
      return token;
    }, f.cardholderName.trim());
    if (!done) setState('ready');
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
          <div className="sm:col-span-4">
            <SubmitButton state={state} plan={plan} />
          </div>
          <p className="text-xs text-slate-500 sm:col-span-4">
            Sandbox test cards: 4111 1111 1111 1111 (approved), 4000 0000 0000 0002 (declined).
          </p>
        </form>
      </CardContent>
    </Card>
  );
}

declare global {
  interface Window {
    paypal?: {
      Buttons(options: {
        createOrder: () => Promise<string>;
        onApprove: (data: { orderID: string }) => Promise<void>;
        onError?: (err: unknown) => void;
      }): { render(selector: string): Promise<void> };
    };
  }
}

/** Square's Web Payments SDK card form: its hosted fields attach into our page. */
function SquareCardForm({ plan, square }: { plan: Plan; square: SquareCardConfig }) {
  const subscribe = useCardSubscription(plan);
  const [processing, setProcessing] = useState(false);
  const [cardholderName, setCardholderName] = useState('');
  const card = useSquareCard(square, 'square-card-container');
  const state: FormState = processing ? 'processing' : card.state;

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
          <SubmitButton state={state} plan={plan} />
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

/** PayPal's JS SDK buttons: our server creates and captures the order. */
function PayPalButtons({ plan }: { plan: Plan }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    const start = async () => {
      try {
        const setup = await apiRequest<{ scriptUrl?: string }>('GET', '/api/paypal/setup');
        if (!setup.scriptUrl) throw new Error('PayPal is not set up');
        await loadScript(setup.scriptUrl);
        if (cancelled || !window.paypal) return;
        await window.paypal
          .Buttons({
            createOrder: async () =>
              (
                await apiRequest<{ id: string }>('POST', '/api/paypal/order', {
                  amount: plan.price,
                  currency: 'USD',
                  intent: 'CAPTURE',
                  planName: plan.name,
                })
              ).id,
            onApprove: async ({ orderID }) => {
              const capture = await apiRequest<{ status: string }>(
                'POST',
                `/api/paypal/order/${orderID}/capture`,
              );
              if (capture.status === 'COMPLETED') {
                await qc.invalidateQueries({ queryKey: billingKeys.all });
                void navigate('/platform-payment?success=true&method=paypal');
              }
            },
            onError: (err) => console.error('PayPal error', err),
          })
          .render('#paypal-button-container');
      } catch (err) {
        console.error('PayPal setup failed', err);
        setError('PayPal is not available right now.');
      }
    };
    void start();
    return () => {
      cancelled = true;
    };
  }, [plan.name, plan.price, navigate, qc]);
  return (
    <>
      <div id="paypal-button-container" />
      {error && <p className="text-sm text-red-700">{error}</p>}
    </>
  );
}
