import { useId } from 'react';
import { formatCents, TIP_PERCENTS, tipCents, type TipPercent } from '@shared/money';
import { TIP_MESSAGES, tipInputSchema, type TipInput } from '@shared/schemas/pos';
import { FieldError } from './ui/form';
import { Input } from './ui/input';
import { Label } from './ui/label';

/** What the customer picked: no tip, a share of the total, or an amount they type. */
export type TipChoice = { pick: 'none' | TipPercent | 'other'; other: string };
export const NO_TIP: TipChoice = { pick: 'none', other: '' };

/**
 * The tip as the server will take it (the same schema and rounding): what to send, its cents,
 * or why it cannot be sent. A percentage is of `totalCents` (the invoice total, or the amount
 * paid without an invoice: `overMessage` then says so); an amount may not be more than it. An
 * empty amount is no tip.
 */
export function tipOf(
  choice: TipChoice,
  totalCents: number,
  overMessage: string = TIP_MESSAGES.overTotal,
): { input: TipInput | null; cents: number; error: string | null } {
  if (choice.pick === 'none') return { input: null, cents: 0, error: null };
  if (choice.pick !== 'other') {
    const input = { type: 'percent', percent: choice.pick } as const;
    return { input, cents: tipCents(input, totalCents), error: null };
  }
  if (choice.other.trim() === '') return { input: null, cents: 0, error: null };
  const input = { type: 'amount', amount: choice.other.trim() } as const;
  const parsed = tipInputSchema.safeParse(input);
  if (!parsed.success)
    return { input, cents: 0, error: parsed.error.issues[0]?.message ?? TIP_MESSAGES.amount };
  const cents = tipCents(parsed.data, totalCents);
  if (cents > totalCents) return { input, cents: 0, error: overMessage };
  return { input: cents > 0 ? input : null, cents, error: null };
}

const OPTIONS: { pick: TipChoice['pick']; label: string }[] = [
  { pick: 'none', label: 'No tip' },
  ...TIP_PERCENTS.map((p) => ({ pick: p, label: `${p}%` })),
  { pick: 'other', label: 'Other amount' },
];

/**
 * 'Add a tip': No tip, 10%, 15% or 20% of the invoice total (each with what it comes to), or
 * another amount typed in. Radios in a fieldset, large enough to tap on a phone.
 */
export function TipPicker({
  totalCents,
  value,
  onChange,
  disabled,
  overMessage,
}: {
  totalCents: number;
  value: TipChoice;
  onChange: (choice: TipChoice) => void;
  disabled?: boolean;
  overMessage?: string;
}) {
  const id = useId();
  const { error } = tipOf(value, totalCents, overMessage);
  const errorId = `${id}-error`;
  return (
    <fieldset className="space-y-2" disabled={disabled}>
      <legend className="text-sm font-medium">Add a tip for your technician</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {OPTIONS.map((o) => (
          <label
            key={o.pick}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border bg-card px-3 py-1 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5"
          >
            <input
              type="radio"
              name={`${id}-tip`}
              className="size-6 shrink-0 accent-primary sm:size-5"
              value={String(o.pick)}
              checked={value.pick === o.pick}
              onChange={() => onChange({ ...value, pick: o.pick })}
            />
            <span>
              {o.label}
              {typeof o.pick === 'number' && (
                <span className="block text-xs text-slate-500">
                  {formatCents(tipCents({ type: 'percent', percent: o.pick }, totalCents))}
                </span>
              )}
            </span>
          </label>
        ))}
      </div>
      {value.pick === 'other' && (
        <div className="space-y-1.5">
          <Label htmlFor={`${id}-amount`}>Tip amount ($)</Label>
          <Input
            id={`${id}-amount`}
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={value.other}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(e) => onChange({ ...value, other: e.target.value })}
          />
          <FieldError id={errorId} message={error ?? undefined} />
        </div>
      )}
    </fieldset>
  );
}
