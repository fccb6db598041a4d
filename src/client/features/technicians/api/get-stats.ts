import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MarketplaceStats } from '@shared/schemas/technicians';
import { getJson } from '../../../lib/api-client';
import { technicianKeys } from './keys';

/** GET /api/stats: the marketplace's public figures (the home page's badge). */
export const getStats = () => getJson<MarketplaceStats>('/api/stats');

export const statsQueryOptions = () =>
  queryOptions({ queryKey: technicianKeys.stats, queryFn: getStats });

export const useStats = () => useQuery(statsQueryOptions());
