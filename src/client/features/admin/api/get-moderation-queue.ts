import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModerationItem } from '@shared/schemas/reviews';
import { getJson } from '../../../lib/api-client';
import { adminKeys } from './keys';

export type { ModerationItem };

/** GET /api/admin/reviews/moderation: reported, flagged and hidden reviews. */
export const getModerationQueue = () => getJson<ModerationItem[]>('/api/admin/reviews/moderation');

export const moderationQueueQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.moderation, queryFn: getModerationQueue });

export const useModerationQueue = () => useQuery(moderationQueueQueryOptions());
