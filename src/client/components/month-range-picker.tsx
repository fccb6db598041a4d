import { useId } from 'react';
import { STATEMENT_FIRST_MONTH, STATEMENT_LAST_MONTH } from '@shared/schemas/statements';
import { Input } from './ui/input';
import { Label } from './ui/label';

/**
 * Two months, both included (statements, revenue). Browsers without a month control show a
 * text field taking 'YYYY-MM'; the server checks the range either way.
 */
export function MonthRangePicker({
  from,
  to,
  onChange,
  label = 'Months',
}: {
  from: string;
  to: string;
  onChange: (from: string, to: string) => void;
  label?: string;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-3" role="group" aria-label={label}>
      <div className="space-y-1">
        <Label htmlFor={`${id}-from`}>From month</Label>
        <Input
          id={`${id}-from`}
          type="month"
          className="w-44"
          value={from}
          min={STATEMENT_FIRST_MONTH}
          max={to}
          placeholder="YYYY-MM"
          onChange={(e) => e.target.value && onChange(e.target.value, to)}
        />
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${id}-to`}>To month</Label>
        <Input
          id={`${id}-to`}
          type="month"
          className="w-44"
          value={to}
          min={from}
          max={STATEMENT_LAST_MONTH}
          placeholder="YYYY-MM"
          onChange={(e) => e.target.value && onChange(from, e.target.value)}
        />
      </div>
    </div>
  );
}
