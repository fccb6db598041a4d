import { queryOptions, useQuery } from '@tanstack/react-query';
import type { VehicleHistory } from '@shared/schemas/vehicles';
import { getJson } from '../../../lib/api-client';
import { vehicleKeys } from './keys';

/** GET /api/vehicles/{id}/history: completed jobs with their invoices and receipts. */
export const getVehicleHistory = (id: number) =>
  getJson<VehicleHistory>(`/api/vehicles/${id}/history`);

export const vehicleHistoryQueryOptions = (id: number) =>
  queryOptions({ queryKey: vehicleKeys.history(id), queryFn: () => getVehicleHistory(id) });

export const useVehicleHistory = (id: number) => useQuery(vehicleHistoryQueryOptions(id));
