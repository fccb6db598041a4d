import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { vinDecodeSchema } from '@shared/schemas/tools';
import { getJson } from '../api-client';
import { sharedKeys } from './keys';

export type VinDecode = z.output<typeof vinDecodeSchema>;

/**
 * GET /api/tools/vin/:vin: check digit, model year, make and country. Read by the VIN decoder
 * tool and by the vehicle form (which offers to fill make and year), hence shared.
 */
export const decodeVin = (vin: string) =>
  getJson<VinDecode>(`/api/tools/vin/${encodeURIComponent(vin.trim().toUpperCase())}`);

export const vinQueryOptions = (vin: string) =>
  queryOptions({ queryKey: sharedKeys.vin(vin), queryFn: () => decodeVin(vin), retry: false });

/** The decoded VIN; nothing is fetched while `vin` is null. */
export const useDecodedVin = (vin: string | null) =>
  useQuery({ ...vinQueryOptions(vin ?? ''), enabled: vin !== null });
