/**
 * PayPal's JS SDK buttons, for any screen whose server makes and captures the orders: the
 * script is the one the server answers (its client id and, paying a seller, their merchant id),
 * loaded once per URL under a namespace of its own, so that buttons for one seller never run on
 * another's script (nor on the platform's, which the plan payment page loads as `paypal`).
 */

export type PayPalButtonsOptions = {
  /** Our server's order: its id. */
  createOrder: () => Promise<string>;
  /** The payer approved in PayPal's window: our server captures. */
  onApprove: (data: { orderID: string }) => Promise<void>;
  /** The payer closed PayPal's window without approving. */
  onCancel?: (data: { orderID: string }) => void;
  onError?: (err: unknown) => void;
};

type PayPalButtons = {
  render(container: HTMLElement): Promise<void>;
  close?(): Promise<void>;
};
type PayPalNamespace = { Buttons(options: PayPalButtonsOptions): PayPalButtons };

const namespaces = new Map<string, { name: string; loaded: Promise<PayPalNamespace> }>();

/** Loads the SDK from `scriptUrl` (once), with the partner's attribution when there is one. */
export function loadPayPal(scriptUrl: string, partnerAttributionId?: string) {
  const known = namespaces.get(scriptUrl);
  if (known) return known.loaded;
  const name = `paypal_${namespaces.size + 1}`;
  const loaded = new Promise<PayPalNamespace>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = scriptUrl;
    script.async = true;
    script.dataset.namespace = name;
    if (partnerAttributionId) script.dataset.partnerAttributionId = partnerAttributionId;
    script.addEventListener('load', () => {
      const sdk = (window as unknown as Record<string, PayPalNamespace | undefined>)[name];
      if (sdk) resolve(sdk);
      else reject(new Error('PayPal did not start'));
    });
    script.addEventListener('error', () => {
      namespaces.delete(scriptUrl);
      reject(new Error(`Could not load ${scriptUrl}`));
    });
    document.head.appendChild(script);
  });
  namespaces.set(scriptUrl, { name, loaded });
  return loaded;
}

/**
 * Renders PayPal's buttons into `container`; the function returned takes them away (an unmounted
 * component's buttons must not call back into it).
 */
export async function renderPayPalButtons(
  container: HTMLElement,
  script: { scriptUrl: string; partnerAttributionId?: string },
  options: PayPalButtonsOptions,
): Promise<() => void> {
  const sdk = await loadPayPal(script.scriptUrl, script.partnerAttributionId);
  const buttons = sdk.Buttons(options);
  await buttons.render(container);
  return () => {
    void buttons.close?.();
  };
}
