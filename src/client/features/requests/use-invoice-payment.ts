import { formatAmount } from '@shared/money';
import { useRef, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useSquareCard } from '../../lib/square-card';
import { notify } from '../../lib/toast';
import { usePaymentsConfig } from '../../lib/api/get-payments-config';
import type { RequestRef } from './api/keys';
import { tokenizeSandboxCard } from '../../lib/api/tokenize-sandbox-card';
import { useRequest } from './api/get-request';
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
 * then the charge. One idempotency key per attempt: made when the form opens, reused by retries
 * and double clicks (the server charges a key once), renewed after a definitive answer.
 */
export function useInvoicePayment(req: RequestRef, invoiceId: number, containerId: string) {
  // The invoice is paid to the job's technician, on their own account's card form (ADR 030).
  const technicianId = useRequest(req).data?.technician?.id ?? null;
  const config = usePaymentsConfig(technicianId);
  const squareConfig = config.data?.card?.provider === 'square' ? config.data.card : null;
  const square = useSquareCard(squareConfig, containerId);
  const pay = usePayInvoice(req);
  const [card, setCard] = useState<CardDetails>(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [paid, setPaid] = useState<PayInvoiceResult['payment'] | null>(null);
  const attemptKey = useRef(crypto.randomUUID());
  const pending = useRef(false);
  const [processing, setProcessing] = useState(false);
  const newAttempt = () => {
    attemptKey.current = crypto.randomUUID();
  };

  const fail = (message: string) => {
    setError(message);
    notify({ ...FAILED, description: message, variant: 'destructive' });
  };

  const submit = async () => {
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
    try {
      const sourceId = squareConfig ? await square.tokenize() : await tokenizeSandboxCard(card);
      const result = await pay.mutateAsync({
        invoiceId,
        sourceId,
        idempotencyKey: attemptKey.current,
      });
      newAttempt();
      if (!result.success) return fail(result.message ?? FAILED.description);
      setCard(EMPTY);
      setPaid(result.payment);
      notify({
        title: 'Payment Successful',
        description: `${formatAmount(result.payment.amount)} charged to the card.`,
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
