import type { AppConfig } from '../../config';
import { createSandbox, type Sandbox } from './sandbox';
import type { PaymentProviders } from './types';

export * from './types';

export type Payments = PaymentProviders & {
  /** Present when either side uses the sandbox: its card form and wallet dialog need it. */
  sandbox?: Sandbox;
};

/**
 * Selects the providers from configuration. Square and PayPal adapters register here
 * (see ./square.ts and ./paypal.ts once present); the sandbox is built in.
 */
export function createPayments(
  config: AppConfig,
  clock: () => Date,
  adapters: {
    square?: (c: AppConfig) => PaymentProviders['card'];
    paypal?: (c: AppConfig) => PaymentProviders['wallet'];
  } = {},
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
