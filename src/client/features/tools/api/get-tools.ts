import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { toolCatalogueSchema } from '@shared/schemas/tools';
import { getJson } from '../../../lib/api-client';
import { toolsKeys } from './keys';

export type ToolCatalogue = z.output<typeof toolCatalogueSchema>;

/** GET /api/tools: the repair tools, the caller's plan and which tools it opens. */
export const getTools = () => getJson<ToolCatalogue>('/api/tools');

export const toolsQueryOptions = () =>
  queryOptions({ queryKey: toolsKeys.catalogue, queryFn: getTools });

export const useTools = () => useQuery(toolsQueryOptions());
