import { formatAmount } from '@shared/money';
import { useRef, useState } from 'react';
import type { Quote } from '@shared/schemas/pos';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormError, reportActionError, useFormError } from '../../../components/ui/form-error';
import { ApiError } from '../../../lib/api-client';
import { useOnline } from '../../../lib/connectivity';
import { notify } from '../../../lib/toast';
import { useApproveWithDeposit } from '../api/approve-quote';
import { notifyOutcome, usePosChange } from '../offline/use-pos-change';
import { refOf, type QuoteView } from '../offline/views';
import { useDepositCard } from '../../../lib/deposit-card';
import { DepositCardForm } from './deposit-card-form';
import { SignaturePad, type SignaturePadHandle } from './signature-pad';

export const DEPOSIT_NEEDS_CONNECTION = 'The deposit is paid by card: it needs a connection';
export const DEPOSIT_NEEDS_SYNC = 'The deposit needs the quote synced first';

/**
 * The customer signs a draft quote on the technician's device; offline the signature waits on
 * the device with the quote (ADR 013). A quote that asks for a deposit is signed with the
 * customer's card instead, online only (ADR 017).
 */
export function SignatureDialog({
  quote,
  onClose,
}: {
  quote: QuoteView | null;
  onClose: () => void;
}) {
  const pad = useRef<SignaturePadHandle>(null);
  const approve = usePosChange('quote.sign');
  const withDeposit = useApproveWithDeposit();
  const online = useOnline();
  const depositDue = !!quote?.deposit && quote.deposit.status !== 'paid';
  const card = useDepositCard('signature-deposit-card', depositDue, quote?.technicianId ?? null);
  const [hasInk, setHasInk] = useState(false);
  // The server's reason (declined, changed, limited) stays by the button until the next try.
  const error = useFormError();
  const fail = (err: unknown, title: string, fallback: string) =>
    error.report(null, reportActionError(err, title, fallback));
  const close = () => {
    error.clear();
    onClose();
  };
  const blocked = !depositDue
    ? null
    : quote?.id === null
      ? DEPOSIT_NEEDS_SYNC
      : !online
        ? DEPOSIT_NEEDS_CONNECTION
        : null;
  const done = (q: Quote) => {
    notify({ title: 'Quote Approved', description: q.quoteNumber });
    setHasInk(false);
    close();
  };

  const signWithDeposit = async (signature: string) => {
    let deposit;
    try {
      deposit = await card.payment();
    } catch (err) {
      fail(err, 'Validation Error', (err as Error).message);
      return;
    }
    withDeposit.mutate(
      {
        id: quote!.id!,
        body: {
          signature,
          version: quote!.version,
          ...(quote!.contentHash ? { contentHash: quote!.contentHash } : {}),
          deposit,
        },
      },
      {
        onSuccess: (q) => {
          card.newAttempt();
          done(q);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.status < 500 && err.status !== 409) card.newAttempt();
          fail(err, 'Deposit Failed', 'The deposit could not be taken. Please try again.');
        },
      },
    );
  };

  const pending = approve.isPending || withDeposit.isPending;
  return (
    <Dialog open={quote !== null} onOpenChange={(o) => !o && close()}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Customer Signature</DialogTitle>
          <DialogDescription>
            {quote &&
              `${quote.customerName} approves ${quote.quoteNumber ?? 'this quote'} for ${formatAmount(quote.totalAmount)}.`}
          </DialogDescription>
        </DialogHeader>
        <SignaturePad ref={pad} onChange={setHasInk} />
        {depositDue &&
          (blocked ? (
            <p role="status" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
              {blocked}
            </p>
          ) : (
            <DepositCardForm
              amount={quote.deposit!.amount}
              card={card}
              containerId="signature-deposit-card"
            />
          ))}
        <FormError id={error.id} message={error.message} />
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={close}>
            Cancel
          </Button>
          <Button
            disabled={!hasInk || pending || !!blocked || (depositDue && card.unavailable)}
            aria-describedby={error.describedBy}
            onClick={() => {
              const signature = pad.current?.toDataUrl();
              if (!quote || !signature) return;
              error.clear();
              if (depositDue) return void signWithDeposit(signature);
              approve.mutate(
                { quote: refOf(quote), signature, version: quote.version },
                {
                  onSuccess: (outcome) => {
                    const ok = notifyOutcome(outcome, 'The signature', (q: Quote) => ({
                      title: 'Quote Approved',
                      description: q.quoteNumber,
                    }));
                    if (outcome.state === 'refused') error.report(null, outcome.message);
                    if (!ok) return;
                    setHasInk(false);
                    close();
                  },
                  onError: (err) =>
                    fail(err, 'Error', 'The signature could not be saved. Please try again.'),
                },
              );
            }}
          >
            {pending
              ? 'Approving...'
              : depositDue
                ? `Pay ${formatAmount(quote!.deposit!.amount)} and Approve`
                : 'Approve Quote'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
