import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PriceEstimate } from '@shared/schemas/fair-price';
import { getJson } from '../../../../lib/api-client';

/** GET /api/price-estimates: the typical price of a service near a place, before booking. */
export const getPriceEstimate = (serviceType: string, location: string) =>
  getJson<PriceEstimate>(
    `/api/price-estimates?serviceType=${encodeURIComponent(serviceType)}&location=${encodeURIComponent(location)}`,
  );

export const priceEstimateQueryOptions = (serviceType: string, location: string) =>
  queryOptions({
    queryKey: ['price-estimates', serviceType, location],
    queryFn: () => getPriceEstimate(serviceType, location),
    enabled: serviceType !== '' && location !== '',
    // The figures move with a daily rebuild; a place the form cannot read is simply not shown.
    staleTime: 10 * 60_000,
    retry: false,
    placeholderData: keepPreviousData,
  });

export const usePriceEstimate = (serviceType: string, location: string) =>
  useQuery(priceEstimateQueryOptions(serviceType, location));
