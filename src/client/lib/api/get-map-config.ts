import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MapConfig } from '@shared/schemas/geo';
import { getJson } from '../api-client';
import { sharedKeys } from './keys';

/**
 * GET /api/config/map: the tile source of every map (MAP_TILE_URL on the server): the list's map
 * view and the map of a technician on the way.
 */
export const getMapConfig = () => getJson<MapConfig>('/api/config/map');

export const mapConfigQueryOptions = () =>
  queryOptions({ queryKey: sharedKeys.mapConfig, queryFn: getMapConfig });

/** `enabled`: fetched only where a map will be drawn. */
export const useMapConfig = (enabled = true) => useQuery({ ...mapConfigQueryOptions(), enabled });
