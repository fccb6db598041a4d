import { formatTimestamp } from '../../../lib/dates';
import { centsToDecimal, formatAmount, toCents } from '@shared/money';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { PAYMENT_STATUS_LABELS } from '@shared/constants/domain';
import { DownloadPdfLink } from '../../../components/download-pdf-link';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Skeleton } from '../../../components/ui/skeleton';
import { FormError, reportActionError, useFormError } from '../../../components/ui/form-error';
import { errorMessage } from '../../../lib/api-client';
import { notify } from '../../../lib/toast';
import { posReceiptPath } from '@shared/paths';
import { useEmailReceipt } from '../api/email-receipt';
import { useRefundPayment } from '../api/refund-payment';
import { refKey, type PaymentView } from '../offline/views';
import { usePosLists } from '../use-pos-lists';
import { DocNumber } from './doc-number';
import { SyncError, SyncMark } from './sync-mark';

const METHOD_LABELS = { card: 'Card', cash: 'Cash', check: 'Check', digital: 'Digital Wallet' };

/** A declined (or abandoned) card attempt: no money moved, so it is not a receipt. */
const isFailed = (p: PaymentView) =>
  p.status === 'failed' || p.status === 'requires_payment_method';

/** The payments that went through as receipts; declined attempts apart, never as receipts. */
export function Receipts({ technicianId }: { technicianId: number }) {
  const { payments, views } = usePosLists(technicianId);
  if (payments.isPending && views.payments.length === 0) return <Skeleton className="h-40" />;
  if (payments.isError && !payments.data)
    return <p role="alert">{errorMessage(payments.error, 'Failed to load receipts')}</p>;
  if (views.payments.length === 0) return <p className="text-slate-500">No payments yet.</p>;
  const receipts = views.payments.filter((p) => !isFailed(p));
  const failed = views.payments.filter(isFailed);
  return (
    <div className="space-y-6">
      {receipts.length > 0 ? (
        <ul className="space-y-3" aria-label="Receipts">
          {receipts.map((p) => (
            <ReceiptRow key={refKey(p)} p={p} />
          ))}
        </ul>
      ) : (
        <p className="text-slate-500">No receipts yet.</p>
      )}
      {failed.length > 0 && (
        <section aria-labelledby="failed-attempts-heading" className="space-y-3">
          <h2 id="failed-attempts-heading" className="text-lg font-semibold">
            Failed attempts
          </h2>
          <p className="text-sm text-slate-600">
            Declined card attempts: no money was taken, so they have no receipt.
          </p>
          <ul className="space-y-3">
            {failed.map((p) => (
              <FailedAttemptRow key={refKey(p)} p={p} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function FailedAttemptRow({ p }: { p: PaymentView }) {
  return (
    <li>
      <Card data-testid="failed-attempt">
        <CardContent className="space-y-0.5 pt-6">
          <p className="font-semibold">
            Failed {METHOD_LABELS[p.method].toLowerCase()} attempt{' '}
            <Badge variant="destructive">{PAYMENT_STATUS_LABELS[p.status]}</Badge>
          </p>
          <p className="text-sm text-slate-600">
            ${p.amount}
            {p.cardBrand && ` · ${p.cardBrand}`}
            {p.cardLast4 && ` ending in ${p.cardLast4}`}
            {p.invoiceNumber && ` · ${p.invoiceNumber}`}
            {p.customerName && ` · ${p.customerName}`}
          </p>
          {p.failureMessage && <p className="text-sm text-destructive">{p.failureMessage}</p>}
          <p className="text-xs text-slate-500">{formatTimestamp(p.createdAt)}</p>
        </CardContent>
      </Card>
    </li>
  );
}

function ReceiptRow({ p }: { p: PaymentView }) {
  return (
    <li>
      <Card data-testid="receipt">
        <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-6">
          <div>
            <p className="font-semibold">
              <DocNumber value={p.receiptNumber} />{' '}
              <Badge variant={p.status === 'succeeded' ? 'success' : 'warning'}>
                {PAYMENT_STATUS_LABELS[p.status]}
              </Badge>{' '}
              <RefundBadge refund={p.refund} />
              {p.quoteId !== null && <Badge variant="outline">Deposit</Badge>}{' '}
              <SyncMark sync={p.sync} />
            </p>
            <p className="text-sm text-slate-600">
              {formatAmount(p.amount)}
              {toCents(p.tip) > 0 && ` + ${formatAmount(p.tip)} tip`} · {METHOD_LABELS[p.method]}
              {p.invoiceNumber && ` · ${p.invoiceNumber}`}
              {p.customerName && ` · ${p.customerName}`}
            </p>
            <p className="text-xs text-slate-500">{formatTimestamp(p.createdAt)}</p>
            <SyncError sync={p.sync} />
          </div>
          {p.id !== null && <ReceiptActions p={{ ...p, id: p.id }} />}
        </CardContent>
      </Card>
    </li>
  );
}

/** View and e-mail a receipt the server has. */
function ReceiptActions({ p }: { p: PaymentView & { id: number } }) {
  const send = useEmailReceipt();
  const [email, setEmail] = useState(p.customerEmail ?? '');
  // The server's reason (a limit, a bad address) stays by Email Receipt until the next try.
  const error = useFormError();
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button size="sm" variant="outline" asChild>
        <Link to={posReceiptPath(p.id)}>View Receipt</Link>
      </Button>
      {p.status === 'succeeded' && p.receiptNumber && (
        <DownloadPdfLink kind="receipt" id={p.id} number={p.receiptNumber} />
      )}
      {/* A refund under way or done is the payment's only one (the server's rule): no button. */}
      {p.method === 'card' &&
        p.status === 'succeeded' &&
        (!p.refund || p.refund.status === 'failed') && (
          // The whole charge goes back: the tip with the amount.
          <RefundButton
            id={p.id}
            receipt={p.receiptNumber}
            amount={centsToDecimal(toCents(p.amount) + toCents(p.tip))}
          />
        )}
      {p.status === 'succeeded' && (
        <>
          <Input
            aria-label={`Email for ${p.receiptNumber}`}
            type="email"
            placeholder="customer@example.com"
            className="h-9 w-48"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
          <Button
            size="sm"
            disabled={!email || send.isPending}
            aria-describedby={error.describedBy}
            onClick={() => {
              error.clear();
              send.mutate(
                {
                  paymentId: p.id,
                  customerEmail: email,
                  customerName: p.customerName ?? undefined,
                },
                {
                  onSuccess: () =>
                    notify({ title: 'Receipt Emailed', description: `Sent to ${email}` }),
                  onError: (err) =>
                    error.report(
                      null,
                      reportActionError(
                        err,
                        'Email Failed',
                        'Failed to send receipt email. Please check email configuration.',
                      ),
                    ),
                },
              );
            }}
          >
            Email Receipt
          </Button>
        </>
      )}
      <div className="w-full">
        <FormError id={error.id} message={error.message} />
      </div>
    </div>
  );
}

/** 'Refunded' once the money went back (or is on its way back). */
function RefundBadge({ refund }: { refund: PaymentView['refund'] }) {
  if (!refund || refund.status === 'failed') return null;
  return (
    <>
      <Badge variant="outline" data-testid="refund-status">
        {refund.status === 'succeeded' ? 'Refunded' : 'Refund processing'}
      </Badge>{' '}
    </>
  );
}

/**
 * Gives a card payment back in full, after the technician confirms in place (no browser
 * pop-up); a refusal shows beside the button. One idempotency key per attempt.
 */
function RefundButton({
  id,
  receipt,
  amount,
}: {
  id: number;
  receipt: string | null;
  amount: string;
}) {
  const refund = useRefundPayment();
  const key = useRef(crypto.randomUUID());
  const [confirming, setConfirming] = useState(false);
  const error = useFormError();
  const go = () => {
    setConfirming(false);
    error.clear();
    refund.mutate(
      { id, idempotencyKey: key.current },
      {
        onSuccess: () => notify({ title: 'Payment Refunded', description: formatAmount(amount) }),
        onError: (err) => error.report(err, 'The refund could not be made. Please try again.'),
        onSettled: () => {
          key.current = crypto.randomUUID();
        },
      },
    );
  };
  return (
    <div className="flex w-full flex-wrap items-center gap-2">
      {confirming ? (
        <div
          role="group"
          aria-label="Confirm the refund"
          className="flex flex-wrap items-center gap-2 text-sm"
        >
          <span>
            Refund {formatAmount(amount)} of {receipt ?? 'this payment'} to the card?
          </span>
          <Button size="sm" variant="destructive" onClick={go}>
            Confirm Refund
          </Button>
          <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
            Keep Payment
          </Button>
        </div>
      ) : (
        <Button
          size="sm"
          variant="outline"
          disabled={refund.isPending}
          aria-describedby={error.describedBy}
          onClick={() => setConfirming(true)}
        >
          {refund.isPending ? 'Refunding...' : 'Refund'}
        </Button>
      )}
      <div className="w-full">
        <FormError id={error.id} message={error.message} />
      </div>
    </div>
  );
}
