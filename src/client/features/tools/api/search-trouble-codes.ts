import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { dtcSearchSchema } from '@shared/schemas/tools';
import { getJson } from '../../../lib/api-client';
import { toolsKeys } from './keys';

export type TroubleCodeSearch = z.output<typeof dtcSearchSchema>;

/** GET /api/tools/dtc?q=: codes by code prefix or by the words of their description. */
export const searchTroubleCodes = (q: string) =>
  getJson<TroubleCodeSearch>(`/api/tools/dtc?q=${encodeURIComponent(q.trim())}`);

export const troubleCodeSearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: toolsKeys.troubleCodeSearch(q),
    queryFn: () => searchTroubleCodes(q),
    retry: false,
  });

/** Matches for `q`; nothing is fetched while `q` is null. */
export const useTroubleCodeSearch = (q: string | null) =>
  useQuery({ ...troubleCodeSearchQueryOptions(q ?? ''), enabled: q !== null });
