import { useQuery } from '@tanstack/react-query';
import type { PosReceipt } from '@shared/schemas/pos';
import { getJson } from '../../../lib/api-client';
import { posKeys } from './keys';

/** GET /api/pos/receipts/{id}: one payment with its invoice and the technician's details. */
export type { PosReceipt };

export const useReceipt = (id: string | undefined) =>
  useQuery({
    queryKey: posKeys.receipt(id),
    queryFn: () => getJson<PosReceipt>(`/api/pos/receipts/${id}`),
  });
