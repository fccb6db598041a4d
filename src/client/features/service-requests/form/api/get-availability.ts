import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AreaAvailability, TechnicianAvailability } from '@shared/schemas/availability';
import { getJson } from '../../../../lib/api-client';

/** A window the form offers: when, and how many technicians nearby are free in it (if known). */
export type OfferedWindow = { start: string; end: string; technicians?: number };

/**
 * The arrival windows the request form offers: the chosen technician's free windows
 * (GET /api/technicians/:id/availability), or the union of qualified technicians' near the place
 * (GET /api/availability). Refreshed every minute while the form is open: windows get booked.
 */
export const availabilityQueryOptions = (
  serviceType: string,
  location: string,
  technicianId: number | null,
) =>
  queryOptions({
    queryKey: ['availability', technicianId ?? 'area', serviceType, location],
    queryFn: async (): Promise<OfferedWindow[]> =>
      technicianId
        ? (await getJson<TechnicianAvailability>(`/api/technicians/${technicianId}/availability`))
            .windows
        : (
            await getJson<AreaAvailability>(
              `/api/availability?serviceType=${encodeURIComponent(serviceType)}&location=${encodeURIComponent(location)}`,
            )
          ).windows,
    enabled: serviceType !== '' && (technicianId !== null || location !== ''),
    refetchInterval: 60_000,
    staleTime: 30_000,
    retry: false,
    placeholderData: keepPreviousData,
  });

export const useAvailability = (
  serviceType: string,
  location: string,
  technicianId: number | null,
) => useQuery(availabilityQueryOptions(serviceType, location, technicianId));
