import { formatCents, toCents } from '@shared/money';
import type { TipInput } from '@shared/schemas/pos';
import { useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useAttemptToken } from '../../../lib/attempt-token';
import { useSquareCard } from '../../../lib/square-card';
import { notify } from '../../../lib/toast';
import { usePaymentsConfig } from '../../../lib/api/get-payments-config';
import type { ServiceRequestRef } from '../api/keys';
import { tokenizeSandboxCard } from '../../../lib/api/tokenize-sandbox-card';
import { useServiceRequest } from '../api/get-service-request';
import { usePayInvoice, type PayInvoiceResult } from './api/pay-invoice';

export type CardDetails = { number: string; expiry: string; cvv: string };
const EMPTY: CardDetails = { number: '', expiry: '', cvv: '' };
const FAILED = { title: 'Payment Failed', description: 'Please try again or contact support' };

/** Whether a failed request was a definitive answer (the next try is a new payment). */
const isDefinitive = (err: unknown) =>
  err instanceof ApiError &&
  err.status >= 400 &&
  err.status < 500 &&
  ![409, 429].includes(err.status);

/**
 * Paying one invoice by card: the sandbox card fields or the provider's hosted fields, a token,
 * then the charge (with the customer's tip on top). One idempotency key per attempt: made when
 * the form opens, reused by retries and double clicks (the server charges a key once), renewed
 * after a definitive answer or once the tip changed (the server binds the key to its tip; the
 * invoice, already paid by an attempt that went through, is never paid twice).
 */
export function useInvoicePayment(req: ServiceRequestRef, invoiceId: number, containerId: string) {
  // The invoice is paid to the job's technician, on their own account's card form (ADR 030).
  const technicianId = useServiceRequest(req).data?.technician?.id ?? null;
  const config = usePaymentsConfig(technicianId);
  const squareConfig = config.data?.card?.provider === 'square' ? config.data.card : null;
  const square = useSquareCard(squareConfig, containerId);
  const pay = usePayInvoice(req);
  const [card, setCard] = useState<CardDetails>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [paid, setPaid] = useState<PayInvoiceResult['payment'] | null>(null);
  const attemptKey = useRef(crypto.randomUUID());
  // The attempt's card token goes with its key: a retry is the same request.
  const tokenFor = useAttemptToken();
  const pending = useRef(false);
  const [processing, setProcessing] = useState(false);
  // The tip the current key was sent with (null: not sent yet).
  const attemptTip = useRef<string | null>(null);
  const newAttempt = () => {
    attemptKey.current = crypto.randomUUID();
    attemptTip.current = null;
  };

  const fail = (message: string) => {
    setError(message);
    notify({ ...FAILED, description: message, variant: 'destructive' });
  };

  const submit = async (tip: TipInput | null = null) => {
    if (pending.current) return;
    if (!squareConfig && (!card.number.trim() || !card.expiry.trim() || !card.cvv.trim())) {
      notify({
        title: 'Validation Error',
        description: 'Please fill in all required fields.',
        variant: 'destructive',
      });
      return;
    }
    pending.current = true;
    setProcessing(true);
    setError(null);
    const tipKey = JSON.stringify(tip);
    if (attemptTip.current !== null && attemptTip.current !== tipKey) newAttempt();
    attemptTip.current = tipKey;
    try {
      const sourceId = await tokenFor(attemptKey.current, () =>
        squareConfig ? square.tokenize() : tokenizeSandboxCard(card),
      );
      const result = await pay.mutateAsync({
        invoiceId,
        sourceId,
        idempotencyKey: attemptKey.current,
        tip,
      });
      newAttempt();
      if (!result.success) return fail(result.message ?? FAILED.description);
      setCard(EMPTY);
      setPaid(result.payment);
      notify({
        title: 'Payment Successful',
        description: `${formatCents(toCents(result.payment.amount) + toCents(result.payment.tip))} charged to the card.`,
      });
    } catch (err) {
      if (isDefinitive(err)) newAttempt();
      fail(errorMessage(err, FAILED.description));
    } finally {
      pending.current = false;
      setProcessing(false);
    }
  };

  const unavailable =
    !!config.data && (!config.data.card || (squareConfig !== null && square.state !== 'ready'));

  return {
    config: config.data,
    squareConfig,
    card,
    setCard,
    error,
    paid,
    processing,
    unavailable,
    submit,
  };
}
