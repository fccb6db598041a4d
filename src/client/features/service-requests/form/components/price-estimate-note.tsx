import { formatWholeDollars } from '@shared/money';
import type { PriceEstimate } from '@shared/schemas/fair-price';
import { useSettled } from '../../../../lib/use-settled';
import { usePriceEstimate } from '../api/get-price-estimate';

/** What the note says: the range and how many jobs it comes from, or that there are too few. */
export function priceEstimateText(e: PriceEstimate): string {
  const town = e.place.replace(/\s+\d{5}$/, '');
  if (e.low === undefined || e.high === undefined) return 'Not enough local data yet';
  return `Typical price for ${e.serviceType} near ${town}: ${formatWholeDollars(e.low)}–${formatWholeDollars(e.high)} (${e.jobs} jobs in the last 12 months)`;
}

/**
 * The price before booking, under the request form's location: from completed, paid jobs of the
 * service near the place (the fair-price data behind quotes), never a made-up figure. Nothing
 * while a service or a readable place is missing.
 */
export function PriceEstimateNote({
  serviceType,
  location,
}: {
  serviceType: string;
  location: string;
}) {
  const place = useSettled(location.trim(), 500);
  const estimate = usePriceEstimate(serviceType, place);
  const shown = serviceType && place && estimate.data && !estimate.isError ? estimate.data : null;
  return (
    <p
      role="status"
      aria-live="polite"
      data-testid="price-estimate"
      className={
        shown ? 'rounded-md bg-slate-50 p-3 text-sm text-slate-700 sm:col-span-2' : 'sr-only'
      }
    >
      {shown ? priceEstimateText(shown) : ''}
    </p>
  );
}
