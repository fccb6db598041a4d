import { Scale } from 'lucide-react';
import {
  FAIR_PRICE_MIN_JOBS,
  NOT_ENOUGH_DATA,
  priceVerdict,
  typicalPriceText,
  VERDICT_TEXT,
  wholeDollars,
} from '@shared/fair-price';
import type { FairPrice } from '@shared/schemas/fair-price';
import { cn } from '../lib/utils';

const VERDICT_STYLE = {
  below: 'text-sky-800',
  within: 'text-green-800',
  above: 'text-amber-800',
} as const;

/**
 * 'Typical price in your area: $X–$Y' (the middle half of what completed, paid jobs of this
 * service type nearby charged in the last 12 months, ADR 015) and where `total` falls in it.
 * Without 20 such jobs it says so: no range is ever made up.
 */
export function FairPriceSummary({
  fairPrice,
  total,
  className,
}: {
  fairPrice: FairPrice;
  /** The quote's total (a decimal string); no verdict without it. */
  total?: string;
  className?: string;
}) {
  const range = fairPrice.total;
  const verdict = range && total && Number(total) > 0 ? priceVerdict(total, range) : null;
  return (
    <div
      className={cn('rounded-md border bg-slate-50 p-3 text-sm', className)}
      data-testid="fair-price"
    >
      <p className="flex items-center gap-2 font-semibold text-slate-900">
        <Scale className="h-4 w-4 shrink-0" aria-hidden="true" />
        {range ? typicalPriceText(range) : NOT_ENOUGH_DATA}
      </p>
      {range ? (
        <p className="mt-1 text-slate-600">
          The middle half of {fairPrice.jobs} completed {fairPrice.serviceType} jobs nearby in the
          last 12 months (median {wholeDollars(range.median)}).
          {verdict && (
            <span className={cn('ml-1 font-medium', VERDICT_STYLE[verdict])}>
              This quote: {VERDICT_TEXT[verdict].toLowerCase()}.
            </span>
          )}
        </p>
      ) : (
        <p className="mt-1 text-slate-600">
          Fewer than {FAIR_PRICE_MIN_JOBS} completed {fairPrice.serviceType} jobs nearby in the last
          12 months.
        </p>
      )}
    </div>
  );
}

/** Under a labor line: the typical charge of one labor line nearby, and where this one falls. */
export function FairLaborNote({ fairPrice, amount }: { fairPrice: FairPrice; amount: string }) {
  const range = fairPrice.laborLine;
  if (!range) return null;
  const verdict = Number(amount) > 0 ? priceVerdict(amount, range) : null;
  return (
    <span className="block text-xs text-slate-500" data-testid="fair-labor">
      {typicalPriceText(range, 'Typical labor line nearby')}
      {verdict && (
        <span className={cn('ml-1 font-medium', VERDICT_STYLE[verdict])}>
          · {VERDICT_TEXT[verdict]}
        </span>
      )}
    </span>
  );
}
