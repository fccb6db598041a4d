import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TechnicianCustomers } from '@shared/schemas/technician-customers';
import { getJson } from '../../../lib/api-client';
import { technicianCustomerKeys } from './keys';

export const CUSTOMERS_PAGE_SIZE = 20;

/** GET /api/technician-customers?q=&page=&pageSize=: a page of the technician's customers. */
export const getTechnicianCustomers = (q: string, page: number) => {
  const search = new URLSearchParams({ page: String(page), pageSize: String(CUSTOMERS_PAGE_SIZE) });
  if (q) search.set('q', q);
  return getJson<TechnicianCustomers>(`/api/technician-customers?${search.toString()}`);
};

export const technicianCustomersQueryOptions = (q: string, page: number) =>
  queryOptions({
    queryKey: technicianCustomerKeys.list(q, page),
    queryFn: () => getTechnicianCustomers(q, page),
    placeholderData: keepPreviousData,
  });

export const useTechnicianCustomers = (q: string, page: number) =>
  useQuery(technicianCustomersQueryOptions(q, page));
