import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plan } from '@shared/schemas/plans';
import { getJson } from '../api-client';
import { sharedKeys } from './keys';

/** GET /api/plans: the plans table, cheapest first (billing, the join page, the FAQ). */
export const getPlans = () => getJson<Plan[]>('/api/plans');

export const plansQueryOptions = () =>
  queryOptions({ queryKey: sharedKeys.plans, queryFn: getPlans });

export const usePlans = () => useQuery(plansQueryOptions());
