import { formatAmount } from '@shared/money';
import { CreditCard, Wallet } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import type { PaymentsConfig } from '@shared/schemas/payments';
import type { SelectedPlan } from '../use-card-subscription';
import { PayPalButtons } from './paypal-buttons';
import { SandboxCardForm } from './sandbox-card-form';
import { SandboxWalletButton } from './sandbox-wallet-button';
import { SquareCardForm } from './square-card-form';
import { PATHS } from '@shared/paths';

/** The selected plan, the configured methods (card, wallet) and the chosen card form. */
export function PaymentOptions({ plan, config }: { plan: SelectedPlan; config: PaymentsConfig }) {
  const [method, setMethod] = useState<'card' | null>(null);
  return (
    <div className="space-y-6">
      <Card>
        <CardContent className="flex items-center justify-between pt-6">
          <div>
            <p className="text-sm text-slate-500">Selected plan</p>
            <p className="text-xl font-bold">{plan.name}</p>
          </div>
          <p>
            <span className="text-2xl font-bold">{formatAmount(plan.price)}</span>
            <span className="text-slate-500">/month</span>
          </p>
        </CardContent>
      </Card>
      <div className="grid gap-4 md:grid-cols-2">
        {config.card && (
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
        {config.wallet && (
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2">
                <Wallet className="h-5 w-5" aria-hidden="true" /> PayPal
              </CardTitle>
            </CardHeader>
            <CardContent>
              {config.wallet.provider === 'paypal' ? (
                <PayPalButtons plan={plan} />
              ) : (
                <SandboxWalletButton plan={plan} />
              )}
            </CardContent>
          </Card>
        )}
      </div>
      {method === 'card' &&
        (config.card?.provider === 'square' ? (
          <SquareCardForm plan={plan} square={config.card} />
        ) : (
          <SandboxCardForm plan={plan} />
        ))}
      <ul className="space-y-1 text-sm text-slate-600">
        <li>Billed monthly. Cancel anytime.</li>
        <li>
          By paying you agree to our{' '}
          <Link className="underline" to={PATHS.termsOfService}>
            Terms of Service
          </Link>{' '}
          and{' '}
          <Link className="underline" to={PATHS.privacyPolicy}>
            Privacy Policy
          </Link>
          .
        </li>
      </ul>
    </div>
  );
}
