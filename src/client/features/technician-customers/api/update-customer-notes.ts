import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TechnicianCustomerDetail } from '@shared/schemas/technician-customers';
import { apiRequest } from '../../../lib/api-client';
import { technicianCustomerKeys } from './keys';

/** PATCH /api/technician-customers/:id: the technician's private notes on a customer. */
export function useUpdateCustomerNotes(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (notes: string) =>
      apiRequest<TechnicianCustomerDetail>('PATCH', `/api/technician-customers/${id}`, { notes }),
    onSuccess: async (detail) => {
      qc.setQueryData(technicianCustomerKeys.detail(id), detail);
      await qc.invalidateQueries({ queryKey: [...technicianCustomerKeys.all, 'list'] });
    },
  });
}
