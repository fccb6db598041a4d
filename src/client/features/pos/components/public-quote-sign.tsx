import { formatAmount } from '@shared/money';
import { useRef, useState } from 'react';
import type { PublicQuote } from '@shared/schemas/pos';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormError, reportActionError, useFormError } from '../../../components/ui/form-error';
import { ApiError } from '../../../lib/api-client';
import { useSignPublicQuote } from '../api/sign-public-quote';
import { useDepositCard } from '../../../lib/deposit-card';
import { DepositCardForm } from './deposit-card-form';
import { SignaturePad, type SignaturePadHandle } from './signature-pad';

const CONTAINER = 'quote-deposit-card';

/**
 * The customer signs the quote behind the e-mailed link; when it asks for a deposit, they pay it
 * by card in the same step (ADR 017).
 */
export function PublicQuoteSign({
  token,
  quote,
  onSigned,
}: {
  token: string;
  quote: PublicQuote;
  onSigned: () => void;
}) {
  const pad = useRef<SignaturePadHandle>(null);
  const [hasInk, setHasInk] = useState(false);
  const [busy, setBusy] = useState(false);
  const depositDue = !!quote.deposit && quote.deposit.status !== 'paid';
  const card = useDepositCard(CONTAINER, depositDue, quote.technicianId);
  const error = useFormError();
  // The server's reason (declined, changed, limited) stays by the button until the next try.
  const fail = (err: unknown, fallback: string) =>
    error.report(null, reportActionError(err, 'Error', fallback));
  const sign = useSignPublicQuote(token, {
    onSuccess: () => {
      card.newAttempt();
      onSigned();
    },
    onError: (err) => {
      // A definitive answer (declined, refused): the next try is a new payment attempt.
      if (err instanceof ApiError && err.status < 500 && err.status !== 409) card.newAttempt();
      fail(err, 'The quote could not be approved. Please try again.');
      // The quote changed since it was shown (ADR 026): show it as it is now.
      if (err instanceof ApiError && err.status === 409) onSigned();
    },
  });

  const submit = async () => {
    const signature = pad.current?.toDataUrl();
    if (!signature) return;
    error.clear();
    setBusy(true);
    try {
      const deposit = depositDue ? await card.payment() : undefined;
      // The version shown on this page: refused if the quote changed since (ADR 026).
      await sign.mutateAsync({
        signature,
        version: quote.version,
        contentHash: quote.contentHash,
        ...(deposit ? { deposit } : {}),
      });
    } catch (err) {
      if (!(err instanceof ApiError)) fail(err, (err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>
          {depositDue ? 'Pay the deposit and sign to approve' : 'Sign to approve'}
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <SignaturePad ref={pad} onChange={setHasInk} />
        {depositDue && (
          <DepositCardForm amount={quote.deposit!.amount} card={card} containerId={CONTAINER} />
        )}
        <FormError id={error.id} message={error.message} />
        <Button
          className="w-full"
          disabled={!hasInk || busy || (depositDue && card.unavailable)}
          onClick={() => void submit()}
          aria-describedby={error.describedBy}
        >
          {busy
            ? 'Approving...'
            : depositDue
              ? `Pay ${formatAmount(quote.deposit!.amount)} Deposit and Approve`
              : 'Approve Quote'}
        </Button>
      </CardContent>
    </Card>
  );
}
