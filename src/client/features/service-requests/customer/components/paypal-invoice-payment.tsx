import { useEffect, useRef, useState } from 'react';
import { formatCents, toCents } from '@shared/money';
import type { PaymentsConfig } from '@shared/schemas/payments';
import { NO_TIP, tipOf, type TipChoice } from '../../../../components/tip-picker';
import { Button } from '../../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../../components/ui/dialog';
import { FormError } from '../../../../components/ui/form-error';
import { usePaymentsConfig } from '../../../../lib/api/get-payments-config';
import { errorMessage } from '../../../../lib/api-client';
import { renderPayPalButtons } from '../../../../lib/paypal-sdk';
import { approveSandboxPayPalOrder } from '../api/paypal-order';
import { useServiceRequest, type ServiceRequestDetail } from '../../api/get-service-request';
import type { ServiceRequestRef } from '../../api/keys';
import { usePayPalInvoice } from '../use-paypal-invoice';
import { InvoicePaidNotice, InvoiceTipFields } from './invoice-tip';

type Invoice = ServiceRequestDetail['invoices'][number];
type Wallet = NonNullable<PaymentsConfig['wallet']>;
type Tip = ReturnType<typeof tipOf>;

const PAYPAL_YELLOW = 'w-full bg-[#ffc439] text-slate-900 hover:bg-[#f2b92f]';

/**
 * 'Pay with PayPal' beside the card payment of a job's invoice: the balance and a tip paid into
 * the technician's own PayPal account. Shown only when the technician connected one (the
 * payments config for them names a wallet); PayPal's own buttons where PayPal is configured, the
 * sandbox wallet's approval in demo mode.
 */
export function PayPalInvoicePayment({
  invoice,
  req,
}: {
  invoice: Invoice;
  req: ServiceRequestRef;
}) {
  const technicianId = useServiceRequest(req).data?.technician?.id ?? null;
  const wallet = usePaymentsConfig(technicianId).data?.wallet ?? null;
  const p = usePayPalInvoice(req, invoice.id);
  const [open, setOpen] = useState(false);
  const [tipChoice, setTipChoice] = useState<TipChoice>(NO_TIP);
  // A percentage is of the invoice total; the tip is paid on top of the balance.
  const tip = tipOf(tipChoice, toCents(invoice.total));
  const balanceCents = toCents(invoice.balance);

  if (p.paid) return <InvoicePaidNotice payment={p.paid} via="with PayPal" />;
  if (!wallet || technicianId === null || !invoice.canPay || balanceCents <= 0) return null;
  if (!open)
    return (
      <Button className={PAYPAL_YELLOW} onClick={() => setOpen(true)}>
        Pay {formatCents(balanceCents)} with PayPal
      </Button>
    );
  return (
    <section
      aria-label={`Pay invoice ${invoice.invoiceNumber} with PayPal`}
      className="space-y-3 rounded-md border p-3"
    >
      <InvoiceTipFields
        invoiceTotal={invoice.total}
        balanceCents={balanceCents}
        value={tipChoice}
        onChange={setTipChoice}
        tipCents={tip.cents}
        disabled={p.busy}
        totalTestId="paypal-total"
      />
      {p.review && (
        <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {p.review}
        </p>
      )}
      <FormError message={p.error} />
      {wallet.provider === 'sandbox' ? (
        <SandboxWallet
          invoice={invoice}
          req={req}
          tip={tip}
          total={balanceCents + tip.cents}
          p={p}
        />
      ) : (
        <PayPalSdkButtons wallet={wallet} tip={tip} p={p} />
      )}
      <Button variant="outline" className="w-full" onClick={() => setOpen(false)} disabled={p.busy}>
        Not now
      </Button>
    </section>
  );
}

type PayPalFlow = ReturnType<typeof usePayPalInvoice>;

/** PayPal's JS SDK buttons for the technician's account: our server creates and captures. */
function PayPalSdkButtons({ wallet, tip, p }: { wallet: Wallet; tip: Tip; p: PayPalFlow }) {
  const container = useRef<HTMLDivElement>(null);
  // The buttons are rendered once; they read the tip and the flow as they are when clicked.
  const current = useRef({ tip, p });
  useEffect(() => {
    current.current = { tip, p };
  });
  const { scriptUrl, partnerAttributionId } = wallet;
  useEffect(() => {
    if (!scriptUrl || !container.current) return;
    let close: (() => void) | null = null;
    let gone = false;
    renderPayPalButtons(
      container.current,
      { scriptUrl, partnerAttributionId },
      {
        createOrder: () => {
          const { tip, p } = current.current;
          if (tip.error) {
            p.setError(tip.error);
            return Promise.reject(new Error(tip.error));
          }
          return p.start(tip.input);
        },
        onApprove: ({ orderID }) => current.current.p.complete(orderID),
        onCancel: ({ orderID }) => void current.current.p.cancel(orderID),
        // Our server's refusal is said under the buttons by `start` and `complete`.
        onError: (err) => console.warn('PayPal buttons', err),
      },
    ).then(
      (c) => (gone ? c() : (close = c)),
      (err: unknown) =>
        current.current.p.setError(errorMessage(err, 'PayPal is not available right now.')),
    );
    return () => {
      gone = true;
      close?.();
    };
  }, [scriptUrl, partnerAttributionId]);
  return <div ref={container} data-testid="paypal-buttons" />;
}

/** The built-in sandbox wallet: the order, then its approval in a dialog standing for PayPal's. */
function SandboxWallet({
  invoice,
  req,
  tip,
  total,
  p,
}: {
  invoice: Invoice;
  req: ServiceRequestRef;
  tip: Tip;
  total: number;
  p: PayPalFlow;
}) {
  const [orderId, setOrderId] = useState<string | null>(null);
  const begin = async () => {
    if (tip.error) return;
    p.setBusy(true);
    try {
      setOrderId(await p.start(tip.input));
    } catch {
      // Said by `start` under the buttons.
    } finally {
      p.setBusy(false);
    }
  };
  const approve = async () => {
    if (!orderId) return;
    const id = orderId;
    setOrderId(null);
    try {
      await approveSandboxPayPalOrder(req, invoice.id, id);
    } catch (err) {
      p.setError(errorMessage(err, 'The sandbox wallet could not approve the payment.'));
      return;
    }
    await p.complete(id);
  };
  const leave = () => {
    if (orderId) void p.cancel(orderId);
    setOrderId(null);
  };
  return (
    <>
      <Button
        className={PAYPAL_YELLOW}
        disabled={p.busy || !!tip.error}
        onClick={() => void begin()}
      >
        {p.busy ? 'Processing...' : `Continue to PayPal: ${formatCents(total)}`}
      </Button>
      <Dialog open={orderId !== null} onOpenChange={(o) => !o && leave()}>
        <DialogContent className="max-w-sm">
          <DialogHeader>
            <DialogTitle>Sandbox Wallet</DialogTitle>
            <DialogDescription>
              Approve a payment of {formatCents(total)} to your technician for invoice{' '}
              {invoice.invoiceNumber}.
            </DialogDescription>
          </DialogHeader>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={leave}>
              Cancel
            </Button>
            <Button onClick={() => void approve()}>Approve Payment</Button>
          </div>
        </DialogContent>
      </Dialog>
    </>
  );
}
