import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MaintenanceService, maintenanceScheduleSchema } from '@shared/schemas/tools';
import { getJson } from '../../../lib/api-client';
import { toolsKeys } from './keys';

export type MaintenanceSchedule = z.output<typeof maintenanceScheduleSchema>;
export type MaintenanceRequest = { mileage: number; service?: MaintenanceService };

/** GET /api/tools/maintenance?mileage=&service=: the services due at a mileage. */
export const getMaintenanceSchedule = ({ mileage, service }: MaintenanceRequest) =>
  getJson<MaintenanceSchedule>(
    `/api/tools/maintenance?mileage=${mileage}${service ? `&service=${service}` : ''}`,
  );

export const maintenanceQueryOptions = (r: MaintenanceRequest) =>
  queryOptions({
    queryKey: toolsKeys.maintenance(r.mileage, r.service),
    queryFn: () => getMaintenanceSchedule(r),
    retry: false,
  });

/** The schedule for `request`; nothing is fetched while it is null. */
export const useMaintenanceSchedule = (request: MaintenanceRequest | null) =>
  useQuery({
    ...maintenanceQueryOptions(request ?? { mileage: 0 }),
    enabled: request !== null,
  });
