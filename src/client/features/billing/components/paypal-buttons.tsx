import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { FormError } from '../../../components/ui/form-error';
import { errorMessage } from '../../../lib/api-client';
import { loadScript } from '../../../lib/square-card';
import { billingKeys } from '../api/keys';
import { captureWalletOrder, createWalletOrder, getWalletSetup } from '../api/wallet';
import type { SelectedPlan } from '../use-card-subscription';
import { PATHS } from '@shared/paths';

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

/** PayPal's JS SDK buttons: our server creates and captures the order. */
export function PayPalButtons({ plan }: { plan: SelectedPlan }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const attemptKey = useRef(crypto.randomUUID());
  useEffect(() => {
    let cancelled = false;
    const start = async () => {
      try {
        const setup = await getWalletSetup();
        if (!setup.scriptUrl) throw new Error('PayPal is not set up');
        await loadScript(setup.scriptUrl);
        if (cancelled || !window.paypal) return;
        await window.paypal
          .Buttons({
            createOrder: async () => {
              setError(null);
              const order = await createWalletOrder({
                amount: plan.price,
                currency: 'USD',
                intent: 'CAPTURE',
                planName: plan.name,
                idempotencyKey: attemptKey.current,
              });
              // Answered: the next order is a new attempt (a lost answer keeps the key).
              attemptKey.current = crypto.randomUUID();
              return order.id;
            },
            onApprove: async ({ orderID }) => {
              const capture = await captureWalletOrder(orderID);
              if (capture.status === 'COMPLETED') {
                await qc.invalidateQueries({ queryKey: billingKeys.all });
                void navigate(`${PATHS.platformPayment}?success=true&method=paypal`);
              }
            },
            // Our server's refusal of the order (thrown by createOrder or onApprove) is said
            // under the buttons, where PayPal's own window has closed.
            onError: (err) =>
              setError(errorMessage(err, 'The PayPal payment could not be completed.')),
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
      <FormError message={error} />
    </>
  );
}
