import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Invoice } from '@shared/schemas/pos';
import { getJson } from '../../../lib/api-client';
import { posKeys } from './keys';

/** GET /api/invoices/technician/:id: the technician's invoices, newest first. */
export const getInvoices = (technicianId: number) =>
  getJson<Invoice[]>(`/api/invoices/technician/${technicianId}`);

export const invoicesQueryOptions = (technicianId: number) =>
  queryOptions({
    queryKey: posKeys.invoices(technicianId),
    queryFn: () => getInvoices(technicianId),
  });

export const useInvoices = (technicianId: number) => useQuery(invoicesQueryOptions(technicianId));
