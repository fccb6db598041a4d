import { useRef, useState } from 'react';
import { parseDecimalInput, toCents } from '@shared/money';
import type { PosPayment } from '@shared/schemas/pos';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useSquareCard } from '../../lib/square-card';
import { notify } from '../../lib/toast';
import {
  tokenizeSandboxCard,
  useCardPayment,
  useInvoices,
  usePaymentsConfig,
  useRecordPayment,
} from './api';

export type Method = 'card' | 'cash' | 'check' | 'digital';
/** What was paid: whether it settled an invoice in full, and that invoice's job. */
export type PaidInfo = { jobReference: string | null; paidInFull: boolean };
export type CardDetails = { number: string; expiry: string; cvv: string };

const FAILED = { title: 'Payment Failed', description: 'Please try again or contact support' };

/** The payment a declined card answer (402) carries: it has a receipt too. */
function declinedPayment(err: unknown): PosPayment | null {
  if (!(err instanceof ApiError) || err.status !== 402) return null;
  try {
    return (JSON.parse(err.body) as { payment?: PosPayment }).payment ?? null;
  } catch {
    return null;
  }
}

/** The Process Payment form's state and the charge/record flow behind its button. */
export function useProcessPayment({
  technicianId,
  invoiceId,
  onInvoiceChange,
  onPaid,
}: {
  technicianId: number;
  invoiceId: number | null;
  onInvoiceChange: (id: number | null) => void;
  onPaid: (info: PaidInfo) => void;
}) {
  const invoices = useInvoices(technicianId);
  const config = usePaymentsConfig();
  const open = (invoices.data ?? []).filter((i) => i.status !== 'paid');
  const selected = open.find((i) => i.id === invoiceId) ?? null;
  const [amount, setAmount] = useState(selected?.balanceDue ?? '');
  const [method, setMethod] = useState<Method>('card');
  const [card, setCard] = useState<CardDetails>({ number: '', expiry: '', cvv: '' });
  const [processing, setProcessing] = useState(false);
  const [declined, setDeclined] = useState<PosPayment | null>(null);
  /**
   * One idempotency key per payment attempt: made when the form opens or the amount or invoice
   * changes, reused by retries and double clicks (the server charges a key once), and renewed
   * only after a definitive answer (paid, or declined: the next try is a new attempt).
   */
  const attemptKey = useRef(crypto.randomUUID());
  const newAttempt = () => {
    attemptKey.current = crypto.randomUUID();
  };
  const pending = useRef(false);
  const cardPayment = useCardPayment();
  const recordPayment = useRecordPayment();
  const value = parseDecimalInput(amount);
  const squareConfig = config.data?.card?.provider === 'square' ? config.data.card : null;
  const square = useSquareCard(method === 'card' ? squareConfig : null, 'pos-square-card');

  const done = (title: string, description: string) => {
    const info: PaidInfo = {
      jobReference: selected?.jobReference ?? null,
      paidInFull: !!selected && toCents(value) >= toCents(Number(selected.balanceDue)),
    };
    newAttempt();
    setDeclined(null);
    notify({ title, description });
    setAmount('');
    setCard({ number: '', expiry: '', cvv: '' });
    onInvoiceChange(null);
    onPaid(info);
  };

  const pay = async () => {
    if (pending.current) return;
    pending.current = true;
    setProcessing(true);
    setDeclined(null);
    try {
      if (method === 'card') {
        const token = squareConfig ? await square.tokenize() : await tokenizeSandboxCard(card);
        const result = await cardPayment.mutateAsync({
          amount: value,
          sourceId: token,
          idempotencyKey: attemptKey.current,
          invoiceId: selected?.id,
          customerEmail: selected?.customerEmail ?? undefined,
          customerName: selected?.customerName,
        });
        if (!result.success) {
          newAttempt();
          setDeclined(result.payment);
          notify({
            ...FAILED,
            description: result.message ?? FAILED.description,
            variant: 'destructive',
          });
          return;
        }
        done('Payment Successful', `$${result.payment.amount} charged to the card.`);
      } else {
        const p = await recordPayment.mutateAsync({
          amount: value,
          method,
          invoiceId: selected?.id,
        });
        done('Payment Recorded', `$${p.amount} ${method} payment, receipt ${p.receiptNumber}.`);
      }
    } catch (err) {
      const payment = declinedPayment(err);
      if (payment) {
        newAttempt();
        setDeclined(payment);
      }
      notify({
        ...FAILED,
        description: errorMessage(err, FAILED.description),
        variant: 'destructive',
      });
    } finally {
      pending.current = false;
      setProcessing(false);
    }
  };

  const cardUnavailable =
    method === 'card' &&
    !!config.data &&
    (!config.data.card || (squareConfig !== null && square.state !== 'ready'));

  return {
    open,
    selected,
    amount,
    setAmount,
    method,
    setMethod,
    card,
    setCard,
    processing,
    declined,
    newAttempt,
    value,
    config: config.data,
    squareConfig,
    cardUnavailable,
    pay,
  };
}
