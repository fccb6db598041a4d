import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Quote } from '@shared/schemas/pos';
import { getJson } from '../../../lib/api-client';
import { posKeys } from './keys';

/** GET /api/quotes/technician/:id: the technician's quotes, newest first. */
export const getQuotes = (technicianId: number) =>
  getJson<Quote[]>(`/api/quotes/technician/${technicianId}`);

export const quotesQueryOptions = (technicianId: number) =>
  queryOptions({
    queryKey: posKeys.quotes(technicianId),
    queryFn: () => getQuotes(technicianId),
    // Customers sign e-mailed quotes on their own devices: pick that up while the list is open.
    refetchInterval: 15_000,
  });

export const useQuotes = (technicianId: number) => useQuery(quotesQueryOptions(technicianId));
