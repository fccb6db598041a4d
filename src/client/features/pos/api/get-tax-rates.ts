import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TaxRatesAnswer } from '@shared/schemas/tax-rates';
import { getJson } from '../../../lib/api-client';
import { posKeys } from './keys';

export type { TaxRatesAnswer };

/** GET /api/tax-rates?location=: the place of work's jurisdiction and rates (ADR 031). */
export const getTaxRates = (location: string) =>
  getJson<TaxRatesAnswer>(`/api/tax-rates?location=${encodeURIComponent(location)}`);

/** The rates of a place as typed; nothing asked until it is a few characters long. */
export const useTaxRates = (location: string) => {
  const place = location.trim();
  return useQuery({
    queryKey: posKeys.taxRates(place),
    queryFn: () => getTaxRates(place),
    enabled: place.length >= 3,
    placeholderData: keepPreviousData,
    staleTime: 60 * 60 * 1000,
  });
};
