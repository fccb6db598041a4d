import type { AppConfig } from '../../config';
import { createPayPalProvider } from './paypal';
import { createSandbox, type Sandbox } from './sandbox';
import { createSquareProvider } from './square';
import type { PaymentProviders } from './types';

export * from './types';
export * from './idempotency';

export type Payments = PaymentProviders & {
  /** Present when either side uses the sandbox: its card form and wallet dialog need it. */
  sandbox?: Sandbox;
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
  return { card, wallet, sandbox };
}
