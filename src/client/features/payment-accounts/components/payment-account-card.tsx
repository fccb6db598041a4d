import { formatCalendarDate } from '../../../lib/dates';
import { CreditCard } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ConnectProvider, PaymentConnection } from '@shared/schemas/payments';
import { Button } from '../../../components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { FormError, reportActionError, useFormError } from '../../../components/ui/form-error';
import { connectUrl, usePaymentConnections } from '../../../lib/api/payment-connections';
import { notify } from '../../../lib/toast';
import { useDisconnectAccount } from '../api/disconnect-account';

const PROVIDER_NAMES: Record<ConnectProvider, string> = {
  square: 'Square',
  paypal: 'PayPal',
  sandbox: 'Sandbox (test payments)',
};

/** What the provider's callback said, from the address it sent the technician back to. */
function outcomeOf(params: URLSearchParams): { ok: boolean; text: string } | null {
  const outcome = params.get('payments');
  if (!outcome) return null;
  const provider = params.get('provider') as ConnectProvider | null;
  return outcome === 'connected'
    ? {
        ok: true,
        text: `Your ${provider ? PROVIDER_NAMES[provider] : ''} account is connected. Customers' card payments now go to it.`,
      }
    : {
        ok: false,
        text: `The account was not connected: ${params.get('message') ?? 'please try again.'}`,
      };
}

/**
 * The profile's 'Payment Account' card: the technician connects their own account at the card
 * provider, so customers' card payments reach them directly (no commission). The provider's
 * consent page sends them back here with the outcome in the address.
 */
export function PaymentAccountCard() {
  const connections = usePaymentConnections();
  const [params, setParams] = useSearchParams();
  // The provider's answer as the page opened, said once; the address then drops it.
  const [result] = useState(() => outcomeOf(params));
  // Back from the provider's consent page: the outcome is the first thing in view (the card sits
  // below the profile form), and is read out.
  const said = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!result) return;
    said.current?.scrollIntoView({ block: 'start' });
    said.current?.focus({ preventScroll: true });
  }, [result]);
  const outcome = params.get('payments');
  useEffect(() => {
    if (!outcome) return;
    const next = new URLSearchParams(params);
    for (const k of ['payments', 'provider', 'message']) next.delete(k);
    setParams(next, { replace: true });
  }, [outcome, params, setParams]);

  const data = connections.data;
  const live = data?.connections.filter((c) => c.status === 'connected') ?? [];
  return (
    <Card role="region" aria-labelledby="payment-account-title" className="mt-6">
      <CardHeader>
        <CardTitle id="payment-account-title" className="flex items-center gap-2">
          <CreditCard className="h-5 w-5" aria-hidden="true" /> Payment Account
        </CardTitle>
        <CardDescription>
          Customers pay you directly: card payments, deposits and refunds run on your own account.
          Wrenchly takes no commission and never holds your customers' money.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {result && (
          <p
            ref={said}
            tabIndex={-1}
            role={result.ok ? 'status' : 'alert'}
            className={`scroll-mt-20 rounded-md p-3 text-sm focus:outline-none ${result.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-900'}`}
          >
            {result.text}
          </p>
        )}
        {!data ? (
          <Skeleton className="h-16" />
        ) : (
          <>
            {live.length === 0 && (
              <p className="text-sm text-slate-700">
                No account connected yet. Until you connect one, you can record cash, check and
                other payments, but not take cards.
              </p>
            )}
            <ul className="space-y-3">
              {live.map((c) => (
                <ConnectedAccount key={c.provider} connection={c} />
              ))}
            </ul>
            {data.cardProvider && !live.some((c) => c.provider === data.cardProvider) && (
              <Button asChild>
                <a href={connectUrl(data.cardProvider, 'profile')}>
                  Connect {PROVIDER_NAMES[data.cardProvider]}
                </a>
              </Button>
            )}
            {!data.cardProvider && (
              <p className="text-sm text-slate-700">
                Card payments are not set up on this site yet.
              </p>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}

function ConnectedAccount({ connection }: { connection: PaymentConnection }) {
  const disconnect = useDisconnectAccount();
  const [confirming, setConfirming] = useState(false);
  // The server's refusal stays on the account until the next attempt.
  const error = useFormError();
  const name = PROVIDER_NAMES[connection.provider];
  return (
    <li className="rounded-md border p-3 text-sm">
      <p className="font-medium">
        {name} <span className="font-normal text-green-800">· Connected</span>
      </p>
      <p className="text-slate-600">
        Account {connection.merchantId}
        {connection.locationId ? ` · location ${connection.locationId}` : ''} · since{' '}
        {formatCalendarDate(connection.connectedAt)}
      </p>
      <FormError id={error.id} message={error.message} />
      {!confirming ? (
        <Button
          variant="outline"
          size="sm"
          className="mt-2"
          aria-describedby={error.describedBy}
          onClick={() => setConfirming(true)}
        >
          Disconnect
        </Button>
      ) : (
        <div className="mt-2 space-y-2" role="group" aria-label={`Disconnect ${name}`}>
          <p>
            Disconnect {name}? Customers' card payments stop until you connect an account again.
          </p>
          <div className="flex gap-2">
            <Button
              variant="destructive"
              size="sm"
              disabled={disconnect.isPending}
              onClick={() => {
                error.clear();
                disconnect.mutate(connection.provider, {
                  onSuccess: () => notify({ title: `${name} disconnected` }),
                  onError: (err) =>
                    error.report(
                      null,
                      reportActionError(err, 'Could not disconnect', 'Please try again.'),
                    ),
                  onSettled: () => setConfirming(false),
                });
              }}
            >
              Disconnect {name}
            </Button>
            <Button variant="outline" size="sm" onClick={() => setConfirming(false)}>
              Keep it
            </Button>
          </div>
        </div>
      )}
    </li>
  );
}
