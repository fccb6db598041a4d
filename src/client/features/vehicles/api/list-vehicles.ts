import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Vehicle } from '@shared/schemas/vehicles';
import { getJson } from '../../../lib/api-client';
import { vehicleKeys } from './keys';

/** GET /api/vehicles: the signed-in customer's vehicles, oldest first. */
export const listVehicles = () => getJson<Vehicle[]>('/api/vehicles');

export const vehiclesQueryOptions = (enabled = true) =>
  queryOptions({ queryKey: vehicleKeys.list(), queryFn: listVehicles, enabled });

/** The customer's vehicles; `enabled` false for anyone else (the route answers 403). */
export const useVehicles = (enabled = true) => useQuery(vehiclesQueryOptions(enabled));
