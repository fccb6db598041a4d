import { depositCents, formatCents, parseDecimalInput, toCents } from '@shared/money';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Select } from '../../../components/ui/select';
import type { DepositForm } from '../use-create-quote-form';

/**
 * The deposit the customer pays by card when signing (ADR 017): none, a fixed amount, or a
 * percentage of the total, with the amount it comes to now.
 */
export function DepositFields({
  deposit,
  totalCents,
  onChange,
}: {
  deposit: DepositForm;
  totalCents: number;
  onChange: (d: DepositForm) => void;
}) {
  const value = Math.max(0, parseDecimalInput(deposit.value));
  const cents =
    deposit.type === 'fixed'
      ? toCents(value)
      : deposit.type === 'percent'
        ? depositCents({ type: 'percent', percent: Math.min(100, value) }, totalCents)
        : 0;
  return (
    <div className="space-y-1.5">
      <Label htmlFor="q-deposit-type">Deposit</Label>
      <div className="flex gap-2">
        <Select
          id="q-deposit-type"
          className="w-44"
          value={deposit.type}
          onChange={(e) =>
            onChange({ type: e.target.value as DepositForm['type'], value: deposit.value })
          }
        >
          <option value="none">No deposit</option>
          <option value="fixed">Fixed amount ($)</option>
          <option value="percent">Percentage (%)</option>
        </Select>
        {deposit.type !== 'none' && (
          <Input
            id="q-deposit-value"
            aria-label={deposit.type === 'fixed' ? 'Deposit amount ($)' : 'Deposit percentage (%)'}
            type="number"
            step="0.01"
            min={0}
            max={deposit.type === 'percent' ? 100 : undefined}
            value={deposit.value}
            onChange={(e) => onChange({ ...deposit, value: e.target.value })}
          />
        )}
      </div>
      {deposit.type !== 'none' && (
        <p className="text-xs text-slate-500" data-testid="deposit-preview">
          Paid by card when the customer signs: {formatCents(cents)}
        </p>
      )}
    </div>
  );
}
