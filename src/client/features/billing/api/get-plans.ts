import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Plan } from '@shared/schemas/plans';
import { getJson } from '../../../lib/api-client';
import { billingKeys } from './keys';

/** GET /api/plans: the plans table, cheapest first. */
export const getPlans = () => getJson<Plan[]>('/api/plans');

export const plansQueryOptions = () =>
  queryOptions({ queryKey: billingKeys.plans, queryFn: getPlans });

export const usePlans = () => useQuery(plansQueryOptions());
