import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MapConfig } from '@shared/schemas/geo';
import { getJson } from '../../../lib/api-client';
import { technicianKeys } from './keys';

/** GET /api/config/map: the map view's tile source (MAP_TILE_URL on the server). */
export const getMapConfig = () => getJson<MapConfig>('/api/config/map');

export const mapConfigQueryOptions = () =>
  queryOptions({ queryKey: technicianKeys.mapConfig, queryFn: getMapConfig });

export const useMapConfig = () => useQuery(mapConfigQueryOptions());
