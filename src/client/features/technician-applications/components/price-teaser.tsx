import { formatAmount } from '@shared/money';
import { usePlans } from '../../../lib/api/get-plans';

export function PriceTeaser() {
  const { data } = usePlans();
  const cheapest = data?.length ? Math.min(...data.map((p) => p.price)) : null;
  if (cheapest === null) return null;
  return (
    <p className="mt-4 inline-block rounded-full bg-white/15 px-4 py-1.5 text-sm font-semibold">
      Plans from {formatAmount(cheapest)}/month · No commissions
    </p>
  );
}
