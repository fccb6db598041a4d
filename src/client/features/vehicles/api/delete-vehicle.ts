import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { vehicleKeys } from './keys';

/** DELETE /api/vehicles/{id}: its past requests keep their vehicle text. */
export const deleteVehicle = (id: number) =>
  apiRequest<{ message: string }>('DELETE', `/api/vehicles/${id}`);

export function useDeleteVehicle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: deleteVehicle,
    onSuccess: () => qc.invalidateQueries({ queryKey: vehicleKeys.all }),
  });
}
