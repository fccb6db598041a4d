import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Vehicle, VehicleUpdate } from '@shared/schemas/vehicles';
import { apiRequest } from '../../../lib/api-client';
import { vehicleKeys } from './keys';

/** PATCH /api/vehicles/{id}: the fields to change (null clears VIN or mileage). */
export const updateVehicle = ({ id, ...body }: VehicleUpdate & { id: number }) =>
  apiRequest<Vehicle>('PATCH', `/api/vehicles/${id}`, body);

export function useUpdateVehicle() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateVehicle,
    onSuccess: () => qc.invalidateQueries({ queryKey: vehicleKeys.all }),
  });
}
