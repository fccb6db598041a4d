import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { formatCents, toCents } from '@shared/money';
import type { PosPayment, TipInput } from '@shared/schemas/pos';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { cancelPayPalOrder, capturePayPalOrder, createPayPalOrder } from './api/paypal-order';
import { serviceRequestKeys, type ServiceRequestRef } from '../api/keys';

/** The server judged the request (a retry with the same key would get the same answer). */
const isDefinitive = (err: unknown) => err instanceof ApiError && err.status < 500;

/**
 * Paying one invoice with PayPal (or the sandbox wallet) to the technician: an order for the
 * balance and the tip, the payer's approval, the capture. One idempotency key per attempt, kept
 * until the server answered (a retry after a lost answer gets the order already made) or the tip
 * changed (the server binds the key to its tip).
 */
export function usePayPalInvoice(req: ServiceRequestRef, invoiceId: number) {
  const qc = useQueryClient();
  const attempt = useRef<{ key: string; tip: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [review, setReview] = useState<string | null>(null);
  const [paid, setPaid] = useState<PosPayment | null>(null);
  const [busy, setBusy] = useState(false);
  // The invoice and its payments changed: show them as the server has them.
  const refresh = () =>
    qc.invalidateQueries({ queryKey: serviceRequestKeys.detail(req.reference) });

  /** An order for the balance and `tip`: its id, for the payer to approve. */
  const start = async (tip: TipInput | null): Promise<string> => {
    const tipKey = JSON.stringify(tip);
    if (attempt.current?.tip !== tipKey)
      attempt.current = { key: crypto.randomUUID(), tip: tipKey };
    setError(null);
    setReview(null);
    try {
      const order = await createPayPalOrder(req, invoiceId, {
        idempotencyKey: attempt.current.key,
        tip,
      });
      attempt.current = null;
      return order.orderId;
    } catch (err) {
      if (isDefinitive(err)) attempt.current = null;
      setError(errorMessage(err, 'PayPal is not available right now. Please try again.'));
      throw err;
    } finally {
      void refresh();
    }
  };

  /** The payer approved: the server captures and says how it went. */
  const complete = async (orderId: string) => {
    setBusy(true);
    try {
      const result = await capturePayPalOrder(req, invoiceId, orderId);
      if (result.success) {
        setPaid(result.payment);
        notify({
          title: 'Payment Successful',
          description: `${formatCents(toCents(result.payment.amount) + toCents(result.payment.tip))} paid with PayPal.`,
        });
      } else setReview(result.message ?? 'PayPal is reviewing this payment.');
    } catch (err) {
      setError(errorMessage(err, 'The PayPal payment could not be completed.'));
    } finally {
      setBusy(false);
      void refresh();
    }
  };

  /** The payer left without approving: the attempt ends, so the balance is free for a card. */
  const cancel = async (orderId: string) => {
    try {
      await cancelPayPalOrder(req, invoiceId, orderId);
    } catch (err) {
      console.warn('PayPal cancel not recorded; the server gives the order up later', err);
    } finally {
      void refresh();
    }
  };

  return { start, complete, cancel, error, setError, review, paid, busy, setBusy };
}
