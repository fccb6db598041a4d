import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WaitlistEntry } from '@shared/schemas/service-area-waitlist';
import { getJson } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/service-area-waitlist: who asked to hear when Wrenchly serves their place. */
export const getServiceAreaWaitlist = () =>
  getJson<WaitlistEntry[]>('/api/admin/service-area-waitlist');

/** The CSV export of the same list (a download, opened as a link). */
export const SERVICE_AREA_WAITLIST_CSV = '/api/admin/service-area-waitlist.csv';

export const serviceAreaWaitlistQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.waitlist, queryFn: getServiceAreaWaitlist });

export const useServiceAreaWaitlist = () => useQuery(serviceAreaWaitlistQueryOptions());
