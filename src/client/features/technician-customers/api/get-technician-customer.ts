import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TechnicianCustomerDetail } from '@shared/schemas/technician-customers';
import { getJson } from '../../../lib/api-client';
import { technicianCustomerKeys } from './keys';

/** GET /api/technician-customers/:id: one customer and their jobs with the technician. */
export const technicianCustomerQueryOptions = (id: number) =>
  queryOptions({
    queryKey: technicianCustomerKeys.detail(id),
    queryFn: () => getJson<TechnicianCustomerDetail>(`/api/technician-customers/${id}`),
  });

export const useTechnicianCustomer = (id: number) => useQuery(technicianCustomerQueryOptions(id));
