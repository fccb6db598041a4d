import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiTokenList } from '@shared/schemas/api-tokens';
import { getJson } from '../../../lib/api-client';
import { apiTokenKeys } from './keys';

/** GET /api/technicians/me/api-tokens: the active tokens (never the tokens themselves). */
export const getApiTokens = () => getJson<ApiTokenList>('/api/technicians/me/api-tokens');

export const apiTokensQueryOptions = () =>
  queryOptions({ queryKey: apiTokenKeys.list, queryFn: getApiTokens });

export const useApiTokens = () => useQuery(apiTokensQueryOptions());
