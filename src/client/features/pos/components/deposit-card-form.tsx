import { formatAmount } from '@shared/money';
import type { QuoteDeposit } from '@shared/schemas/pos';
import type { DepositCard } from '../../../lib/deposit-card';
import { SandboxCardFields } from './sandbox-card-fields';

/** 'Deposit: $25.00 (paid)', with the percentage when it is one. */
export function DepositLine({ deposit }: { deposit: Omit<QuoteDeposit, 'paymentId'> | null }) {
  if (!deposit) return null;
  return (
    <p className="text-sm font-medium" data-testid="quote-deposit">
      Deposit: {formatAmount(deposit.amount)}
      {deposit.percent && ` (${Number(deposit.percent)}% of the total)`} ({deposit.status})
    </p>
  );
}

/** The card form that pays the deposit: the provider's hosted fields or the sandbox's. */
export function DepositCardForm({
  amount,
  card,
  containerId,
}: {
  amount: string;
  card: DepositCard;
  containerId: string;
}) {
  return (
    <section className="space-y-2" aria-label="Deposit payment">
      <p className="text-sm">
        A deposit of <strong>{formatAmount(amount)}</strong> is paid by card when the quote is
        signed.
      </p>
      {card.squareConfig ? (
        <div id={containerId} className="min-h-[90px] rounded-md border p-2" />
      ) : card.config && !card.config.card ? (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          Payment Unavailable: Payment processing is not configured.
        </p>
      ) : (
        <SandboxCardFields card={card.card} onChange={card.setCard} />
      )}
    </section>
  );
}
