import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vehicle, VehicleInput } from '@shared/schemas/vehicles';
import { apiRequest } from '../../../lib/api-client';
import { vehicleKeys } from './keys';

/** POST /api/vehicles. */
export const createVehicle = (body: VehicleInput) =>
  apiRequest<Vehicle>('POST', '/api/vehicles', body);

export function useCreateVehicle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: createVehicle,
    onSuccess: () => qc.invalidateQueries({ queryKey: vehicleKeys.all }),
  });
}
