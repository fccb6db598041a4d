import { useRef, useState } from 'react';
import { formatAmount, formatCents, parseDecimalInput, toCents } from '@shared/money';
import { CARD_ACCOUNT_REQUIRED } from '@shared/schemas/payments';
import { TIP_MESSAGES, type PosPayment } from '@shared/schemas/pos';
import { NO_TIP, tipOf, type TipChoice } from '../../components/tip-picker';
import { useFormError } from '../../components/ui/form-error';
import { useAttemptToken } from '../../lib/attempt-token';
import { ApiError } from '../../lib/api-client';
import { useOnline } from '../../lib/connectivity';
import { useSquareCard } from '../../lib/square-card';
import { notify } from '../../lib/toast';
import { useCardPayment } from './api/card-payment';
import { usePaymentsConfig } from '../../lib/api/get-payments-config';
import { takesCards, usePaymentConnections } from '../../lib/api/payment-connections';
import { tokenizeSandboxCard } from '../../lib/api/tokenize-sandbox-card';
import { notifyOutcome, usePosChange } from './offline/use-pos-change';
import { refKey, refOf } from './offline/views';
import { usePosLists } from './use-pos-lists';

export type Method = 'card' | 'cash' | 'check' | 'digital';
/** What was paid: whether it settled an invoice in full, and that invoice's job. */
export type PaidInfo = { jobReference: string | null; paidInFull: boolean };
export type CardDetails = { number: string; expiry: string; cvv: string };

const FAILED = { title: 'Payment Failed', description: 'Please try again or contact support' };
export const CARD_NEEDS_CONNECTION = 'Card payments need a connection';
export const CARD_NEEDS_SYNC = 'Card payments need the invoice synced first';

/** The payment a declined card answer (402) carries: it has a receipt too. */
function declinedPayment(err: unknown): PosPayment | null {
  if (!(err instanceof ApiError) || err.status !== 402) return null;
  try {
    return (JSON.parse(err.body) as { payment?: PosPayment }).payment ?? null;
  } catch {
    return null;
  }
}

/**
 * The Process Payment form's state and the charge/record flow behind its button. Cash, check
 * and wallet payments go through the offline queue; a card is charged now or not at all.
 */
export function useProcessPayment({
  technicianId,
  invoiceKey,
  onInvoiceChange,
  onPaid,
}: {
  technicianId: number;
  /** The invoice's `refKey` (it may have been made offline). */
  invoiceKey: string | null;
  onInvoiceChange: (key: string | null) => void;
  onPaid: (info: PaidInfo) => void;
}) {
  const { views } = usePosLists(technicianId);
  const config = usePaymentsConfig(technicianId);
  const online = useOnline();
  // Cards are charged on the technician's own account: without one, the card option says how to
  // connect it (while the list is unknown, offline say, the server decides).
  const connections = usePaymentConnections(online);
  const open = views.invoices.filter((i) => i.status !== 'paid');
  const selected = open.find((i) => refKey(i) === invoiceKey) ?? null;
  const [amount, setAmount] = useState(selected?.balanceDue ?? '');
  const [method, setMethod] = useState<Method>('card');
  // The customer's tip, on a card only (charged with the amount).
  const [tipChoice, setTipChoice] = useState<TipChoice>(NO_TIP);
  const [card, setCard] = useState<CardDetails>({ number: '', expiry: '', cvv: '' });
  const [processing, setProcessing] = useState(false);
  const [declined, setDeclined] = useState<PosPayment | null>(null);
  // Why the last attempt failed, by the button until the next one (a toast vanishes unread).
  const error = useFormError();
  const failed = (err: unknown, fallback: string) => {
    const description = error.report(err, fallback);
    notify({ ...FAILED, description, variant: 'destructive' });
  };
  /**
   * One idempotency key per payment attempt: made when the form opens or the amount or invoice
   * changes, reused by retries and double clicks (the server charges a key once), and renewed
   * only after a definitive answer (paid, or declined: the next try is a new attempt).
   */
  const attemptKey = useRef(crypto.randomUUID());
  const newAttempt = () => {
    attemptKey.current = crypto.randomUUID();
  };
  // The attempt's card token goes with its key: a retry is the same request (the server refuses
  // another card under the key).
  const tokenFor = useAttemptToken();
  const pending = useRef(false);
  const cardPayment = useCardPayment();
  const recordPayment = usePosChange('payment.record');
  const value = parseDecimalInput(amount);
  // A percentage is of the invoice total, or of the amount without an invoice.
  const tipBaseCents = selected ? toCents(selected.totalAmount) : toCents(Math.max(0, value));
  const tip =
    method === 'card'
      ? tipOf(tipChoice, tipBaseCents, selected ? TIP_MESSAGES.overTotal : TIP_MESSAGES.overAmount)
      : tipOf(NO_TIP, 0);
  /** Another tip is another request: a new attempt (as another amount is). */
  const changeTip = (next: TipChoice) => {
    const before = tipOf(tipChoice, tipBaseCents).input;
    if (JSON.stringify(tipOf(next, tipBaseCents).input) !== JSON.stringify(before)) newAttempt();
    setTipChoice(next);
  };
  const squareConfig = config.data?.card?.provider === 'square' ? config.data.card : null;
  const accountMissing =
    method === 'card' &&
    !!connections.data?.cardProvider &&
    !takesCards(connections.data) &&
    connections.data.cardProvider;
  /** Why a card cannot be charged now, said under the method (null when it can). */
  const cardBlocked =
    method !== 'card'
      ? null
      : !online
        ? CARD_NEEDS_CONNECTION
        : selected && selected.id === null
          ? CARD_NEEDS_SYNC
          : accountMissing
            ? CARD_ACCOUNT_REQUIRED
            : null;
  const square = useSquareCard(
    method === 'card' && !cardBlocked ? squareConfig : null,
    'pos-square-card',
  );

  /** A definitive answer: the form starts over; `title` and `description` make the toast. */
  const done = (title?: string, description?: string) => {
    const info: PaidInfo = {
      jobReference: selected?.jobReference ?? null,
      paidInFull: !!selected && toCents(value) >= toCents(Number(selected.balanceDue)),
    };
    newAttempt();
    setDeclined(null);
    if (title) notify({ title, description });
    setAmount('');
    setTipChoice(NO_TIP);
    setCard({ number: '', expiry: '', cvv: '' });
    onInvoiceChange(null);
    onPaid(info);
  };

  const pay = async () => {
    if (pending.current) return;
    pending.current = true;
    setProcessing(true);
    setDeclined(null);
    error.clear();
    try {
      if (method === 'card') {
        const token = await tokenFor(attemptKey.current, () =>
          squareConfig ? square.tokenize() : tokenizeSandboxCard(card),
        );
        const result = await cardPayment.mutateAsync({
          amount: value,
          sourceId: token,
          idempotencyKey: attemptKey.current,
          invoiceId: selected?.id ?? undefined,
          customerEmail: selected?.customerEmail ?? undefined,
          customerName: selected?.customerName,
          tip: tip.input,
        });
        if (!result.success) {
          newAttempt();
          setDeclined(result.payment);
          failed(null, result.message ?? FAILED.description);
          return;
        }
        done(
          'Payment Successful',
          `${formatCents(toCents(result.payment.amount) + toCents(result.payment.tip))} charged to the card.`,
        );
      } else {
        const outcome = await recordPayment.mutateAsync({
          amount: value,
          method,
          invoice: selected ? refOf(selected) : null,
        });
        const recorded = notifyOutcome(
          outcome,
          `The ${method} payment of ${formatAmount(value)}`,
          (p: PosPayment) => ({
            title: 'Payment Recorded',
            description: `${formatAmount(p.amount)} ${method} payment, receipt ${p.receiptNumber}.`,
          }),
          FAILED.title,
        );
        if (outcome.state === 'refused') error.report(null, outcome.message);
        if (recorded) done();
      }
    } catch (err) {
      const payment = declinedPayment(err);
      if (payment) {
        newAttempt();
        setDeclined(payment);
      }
      failed(err, FAILED.description);
    } finally {
      pending.current = false;
      setProcessing(false);
    }
  };

  const cardUnavailable =
    method === 'card' &&
    (cardBlocked !== null ||
      (!!config.data &&
        (!config.data.card || (squareConfig !== null && square.state !== 'ready'))));

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
    tipChoice,
    changeTip,
    tip,
    tipBaseCents,
    config: config.data,
    squareConfig,
    cardBlocked,
    /** The provider to connect an account at, when the technician has none (cards refused). */
    accountMissing: accountMissing || null,
    cardUnavailable,
    pay,
    error,
  };
}
