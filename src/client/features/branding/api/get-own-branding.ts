import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnBranding } from '@shared/schemas/branding';
import { getJson } from '../../../lib/api-client';
import { brandingKeys } from './keys';

/** GET /api/technicians/me/branding: the saved branding and whether customers see it. */
export const getOwnBranding = () => getJson<OwnBranding>('/api/technicians/me/branding');

export const ownBrandingQueryOptions = () =>
  queryOptions({ queryKey: brandingKeys.me, queryFn: getOwnBranding });

export const useOwnBranding = (enabled = true) =>
  useQuery({ ...ownBrandingQueryOptions(), enabled });
