import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PosPayment } from '@shared/schemas/pos';
import { getJson } from '../../../lib/api-client';
import { posKeys } from './keys';

/** GET /api/pos/payments/technician/:id: the payments the technician took, newest first. */
export const getPayments = (technicianId: number) =>
  getJson<PosPayment[]>(`/api/pos/payments/technician/${technicianId}`);

export const paymentsQueryOptions = (technicianId: number) =>
  queryOptions({
    queryKey: posKeys.payments(technicianId),
    queryFn: () => getPayments(technicianId),
  });

export const usePayments = (technicianId: number) => useQuery(paymentsQueryOptions(technicianId));
