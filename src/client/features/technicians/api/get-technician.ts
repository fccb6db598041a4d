import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Technician } from '@shared/schemas/technicians';
import { getJson } from '../../../lib/api-client';
import { technicianKeys } from './keys';

/** GET /api/technicians/:id: a technician's public profile. */
export const getTechnician = (id: number) => getJson<Technician>(`/api/technicians/${id}`);

export const technicianQueryOptions = (id: number) =>
  queryOptions({
    queryKey: technicianKeys.one(id),
    queryFn: () => getTechnician(id),
    enabled: Number.isInteger(id) && id > 0,
  });

export const useTechnician = (id: number) => useQuery(technicianQueryOptions(id));
