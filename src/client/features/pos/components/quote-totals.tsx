import { formatCents, type quoteTotals } from '@shared/money';

/** The quote's running totals, computed with the same rules as the server. */
export function QuoteTotals({
  totals,
  taxLabel = 'Tax',
}: {
  totals: ReturnType<typeof quoteTotals>;
  /** The sales tax as the quote will name it (salesTaxLabel). */
  taxLabel?: string;
}) {
  return (
    <dl className="space-y-2 self-end rounded-md bg-slate-50 p-4 text-sm" aria-label="Quote totals">
      <div className="flex justify-between">
        <dt>Labor Total</dt>
        <dd data-testid="labor-total">{formatCents(totals.laborTotalCents)}</dd>
      </div>
      <div className="flex justify-between">
        <dt>Parts Total</dt>
        <dd data-testid="parts-total">{formatCents(totals.partsTotalCents)}</dd>
      </div>
      <div className="flex justify-between">
        <dt>{taxLabel}</dt>
        <dd data-testid="tax-amount">{formatCents(totals.taxAmountCents)}</dd>
      </div>
      <div className="flex justify-between border-t pt-2 text-base font-bold">
        <dt>Total</dt>
        <dd data-testid="total-amount">{formatCents(totals.totalAmountCents)}</dd>
      </div>
    </dl>
  );
}
