import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { dtcSchema } from '@shared/schemas/tools';
import { getJson } from '../../../lib/api-client';
import { toolsKeys } from './keys';

export type TroubleCode = z.output<typeof dtcSchema>;

/** GET /api/tools/dtc/:code: one generic trouble code (404 when the table lacks it). */
export const getTroubleCode = (code: string) =>
  getJson<TroubleCode>(`/api/tools/dtc/${encodeURIComponent(code)}`);

export const troubleCodeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: toolsKeys.troubleCode(code),
    queryFn: () => getTroubleCode(code),
    retry: false,
  });

/** The code's entry; nothing is fetched while `code` is null. */
export const useTroubleCode = (code: string | null) =>
  useQuery({ ...troubleCodeQueryOptions(code ?? ''), enabled: code !== null });
