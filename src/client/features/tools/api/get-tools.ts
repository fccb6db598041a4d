import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { toolCatalogueSchema } from '@shared/schemas/tools';
import { getJson } from '../../../lib/api-client';
import { toolsKeys } from './keys';

export type ToolCatalogue = z.output<typeof toolCatalogueSchema>;

/** GET /api/tools: the repair tools, the caller's plan and which tools it opens. */
export const getTools = () => getJson<ToolCatalogue>('/api/tools');

/** `viewer`: the signed-in user's id (null for a visitor), which the answer depends on. */
export const toolsQueryOptions = (viewer: number | null) =>
  queryOptions({ queryKey: toolsKeys.catalogue(viewer), queryFn: getTools });

export const useTools = (viewer: number | null) => useQuery(toolsQueryOptions(viewer));
