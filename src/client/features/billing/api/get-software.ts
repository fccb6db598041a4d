import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { softwareListSchema } from '@shared/schemas/billing';
import { getJson } from '../../../lib/api-client';
import { billingKeys } from './keys';

export type SoftwareCatalogue = z.output<typeof softwareListSchema>;

/** GET /api/software: the repair software catalogue and the user's plan. */
export const getSoftware = () => getJson<SoftwareCatalogue>('/api/software');

export const softwareQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.software, queryFn: getSoftware });

export const useSoftware = () => useQuery(softwareQueryOptions());
