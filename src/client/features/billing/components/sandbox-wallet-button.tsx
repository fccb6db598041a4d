import { formatAmount } from '@shared/money';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { errorMessage } from '../../../lib/api-client';
import { billingKeys } from '../api/keys';
import { approveSandboxOrder, captureWalletOrder, createWalletOrder } from '../api/wallet';
import { useAttemptKey } from '../attempt-key';
import type { SelectedPlan } from '../use-card-subscription';
import { PATHS } from '@shared/paths';

/** The wallet: an order for the plan's price, approved by the payer, then captured. */
export function SandboxWalletButton({ plan }: { plan: SelectedPlan }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [orderId, setOrderId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // One key per order attempt: a retry after a lost answer gets the order already made.
  const attempt = useAttemptKey(`wallet:${plan.name}:${plan.price}`);

  const start = async () => {
    setBusy(true);
    setError(null);
    try {
      const order = await createWalletOrder({
        amount: plan.price,
        currency: 'USD',
        intent: 'CAPTURE',
        planName: plan.name,
        idempotencyKey: attempt.key,
      });
      setOrderId(order.id);
      attempt.renew();
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
      await approveSandboxOrder(orderId);
      const capture = await captureWalletOrder(orderId);
      if (capture.status === 'COMPLETED') {
        await qc.invalidateQueries({ queryKey: billingKeys.all });
        void navigate(`${PATHS.platformPayment}?success=true&method=paypal`);
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
              Approve a payment of {formatAmount(plan.price)} for the {plan.name} plan.
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
