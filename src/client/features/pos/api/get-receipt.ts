import { useQuery } from '@tanstack/react-query';
import type { PosReceipt } from '@shared/schemas/pos';
import { getJson } from '../../../lib/api-client';

/** GET /api/pos/receipts/{id}: one payment with its invoice and the technician's details. */
export type { PosReceipt };

export const useReceipt = (id: string | undefined) =>
  useQuery({
    queryKey: ['/api/pos/receipts', id],
    queryFn: () => getJson<PosReceipt>(`/api/pos/receipts/${id}`),
  });
