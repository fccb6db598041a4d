import type { AppConfig } from '../../config';
import { createPayPalConnector } from './paypal-connect';
import { createPayPalProvider } from './paypal';
import { createSandbox, type Sandbox } from './sandbox';
import { createSquareProvider } from './square';
import { createSquareConnector } from './square-connect';
import type { AccountConnector, PaymentProviders } from './types';

export * from './types';
export * from './idempotency';

export type Payments = PaymentProviders & {
  /** Present when either side uses the sandbox: its card form and wallet dialog need it. */
  sandbox?: Sandbox;
  /**
   * How technicians connect their own accounts, by the name in the connect route: the card
   * side's ('square', or the sandbox's in demo) and the wallet side's ('paypal'). Absent when the
   * provider is not set up for it (Square without its application secret, PayPal without a
   * partner id).
   */
  connectors: Partial<Record<'square' | 'paypal' | 'sandbox', AccountConnector>>;
};

/** Selects the providers from configuration: the built-in sandbox, Square, PayPal or none. */
export function createPayments(
  config: AppConfig,
  clock: () => Date,
  adapters: {
    square?: (c: AppConfig) => PaymentProviders['card'];
    paypal?: (c: AppConfig) => PaymentProviders['wallet'];
  } = { square: createSquareProvider, paypal: createPayPalProvider },
): Payments {
  const sandbox =
    config.cardProvider === 'sandbox' || config.walletProvider === 'sandbox'
      ? createSandbox(config.sessionSecret, clock)
      : undefined;
  const card =
    config.cardProvider === 'sandbox'
      ? sandbox!.card
      : config.cardProvider === 'square'
        ? adapters.square?.(config)
        : undefined;
  const wallet =
    config.walletProvider === 'sandbox'
      ? sandbox!.wallet
      : config.walletProvider === 'paypal'
        ? adapters.paypal?.(config)
        : undefined;
  const connectors: Payments['connectors'] = {};
  if (sandbox) connectors.sandbox = sandbox.connector;
  if (config.cardProvider === 'sandbox') connectors.square = sandbox!.connector;
  else if (config.cardProvider === 'square' && config.accounts.squareApplicationSecret)
    connectors.square = createSquareConnector(config);
  if (config.walletProvider === 'sandbox') connectors.paypal = sandbox!.connector;
  else if (config.walletProvider === 'paypal' && config.paypal.partnerMerchantId)
    connectors.paypal = createPayPalConnector(config);
  return { card, wallet, sandbox, connectors };
}
