import { formatCents, toCents } from '@shared/money';
import type { PosPayment } from '@shared/schemas/pos';
import { TipPicker, type TipChoice } from '../../../../components/tip-picker';

/**
 * The tip picker of an invoice payment (by card or with PayPal) and what the payment comes to:
 * the balance, the tip on top, the total.
 */
export function InvoiceTipFields({
  invoiceTotal,
  balanceCents,
  value,
  onChange,
  tipCents,
  disabled,
  tipTestId,
  totalTestId,
}: {
  /** The invoice total, of which a percentage tip is. */
  invoiceTotal: string;
  balanceCents: number;
  value: TipChoice;
  onChange: (choice: TipChoice) => void;
  tipCents: number;
  disabled: boolean;
  tipTestId?: string;
  totalTestId: string;
}) {
  return (
    <>
      <TipPicker
        totalCents={toCents(invoiceTotal)}
        value={value}
        onChange={onChange}
        disabled={disabled}
      />
      <dl className="space-y-1 rounded-md bg-muted/50 p-3 text-sm">
        <div className="flex justify-between">
          <dt>Balance</dt>
          <dd>{formatCents(balanceCents)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>Tip</dt>
          <dd data-testid={tipTestId}>{formatCents(tipCents)}</dd>
        </div>
        <div className="flex justify-between font-semibold">
          <dt>Total</dt>
          <dd data-testid={totalTestId}>{formatCents(balanceCents + tipCents)}</dd>
        </div>
      </dl>
    </>
  );
}

/** 'Paid $80.00 and a tip of $8.00 ($88.00 in all) with PayPal. Receipt R-2025-1.' */
export function InvoicePaidNotice({
  payment,
  via,
}: {
  payment: Pick<PosPayment, 'amount' | 'tip' | 'receiptNumber'>;
  /** How it was paid, said after the amounts ('with PayPal'); nothing for a card. */
  via?: string;
}) {
  const amount = toCents(payment.amount);
  const tip = toCents(payment.tip);
  return (
    <p role="status" className="rounded-md bg-green-50 p-3 text-sm font-medium text-green-800">
      Paid {formatCents(amount)}
      {tip > 0 && ` and a tip of ${formatCents(tip)} (${formatCents(amount + tip)} in all)`}
      {via && ` ${via}`}. Receipt {payment.receiptNumber}.
    </p>
  );
}
