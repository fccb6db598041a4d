import { useEffect, useRef, useState } from 'react';
import { squareSetupErrorMessage } from './square-errors';
import { notify } from './toast';

export type SquareCardConfig = { applicationId: string; locationId: string; scriptUrl: string };

type SquareCard = {
  attach(selector: string): Promise<void>;
  tokenize(): Promise<{ status: string; token?: string; errors?: { message: string }[] }>;
  destroy(): Promise<boolean>;
};
declare global {
  interface Window {
    Square?: {
      payments(applicationId: string, locationId: string): { card(): Promise<SquareCard> };
    };
  }
}

/** The spec's card form initialisation delay. */
export const CARD_FORM_INIT_MS = 100;

/** Loads a provider's browser script once. */
export function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const existing = document.querySelector<HTMLScriptElement>(`script[src="${src}"]`);
    if (existing?.dataset.loaded) return resolve();
    const script = existing ?? document.createElement('script');
    script.addEventListener('load', () => {
      script.dataset.loaded = 'true';
      resolve();
    });
    script.addEventListener('error', () => reject(new Error(`Could not load ${src}`)));
    if (!existing) {
      script.src = src;
      script.async = true;
      document.head.appendChild(script);
    }
  });
}

/**
 * Square's Web Payments SDK card fields, attached into the element `#containerId`: 'loading'
 * until attached, then 'ready'; 'unavailable' when the script or the setup failed (with the
 * spec's 'Setup Failed' / 'Payment Setup Error' toasts). `tokenize()` returns the card token.
 */
export function useSquareCard(config: SquareCardConfig | null, containerId: string) {
  const [state, setState] = useState<'loading' | 'ready' | 'unavailable'>('loading');
  const card = useRef<SquareCard | null>(null);

  useEffect(() => {
    if (!config) return;
    let cancelled = false;
    const start = async () => {
      try {
        await loadScript(config.scriptUrl);
      } catch {
        notify({
          title: 'Setup Failed',
          description: 'Failed to setup Square payment.',
          variant: 'destructive',
        });
        setState('unavailable');
        return;
      }
      try {
        await new Promise((r) => setTimeout(r, CARD_FORM_INIT_MS));
        const payments = window.Square!.payments(config.applicationId, config.locationId);
        const c = await payments.card();
        if (cancelled) return void c.destroy();
        await c.attach(`#${containerId}`);
        card.current = c;
        setState('ready');
      } catch (err) {
        notify({
          title: 'Payment Setup Error',
          description: squareSetupErrorMessage(err),
          variant: 'destructive',
        });
        setState('unavailable');
      }
    };
    void start();
    return () => {
      cancelled = true;
      void card.current?.destroy();
      card.current = null;
    };
  }, [config, containerId]);

  return {
    state,
    async tokenize(): Promise<string> {
      if (!card.current) throw new Error('The card form is not ready');
      const result = await card.current.tokenize();
      if (result.status !== 'OK' || !result.token)
        throw new Error(result.errors?.map((x) => x.message).join(', ') || result.status);
      return result.token;
    },
  };
}
