import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { planSchema } from '@shared/schemas/plans';
import { getJson } from '../../../lib/api-client';

type Plan = z.output<typeof planSchema>;

/** GET /api/plans: the public plan list (same cache entry as the other screens that list plans). */
export const usePlans = () =>
  useQuery({
    queryKey: ['/api/plans'],
    queryFn: () => getJson<Plan[]>('/api/plans'),
  });
