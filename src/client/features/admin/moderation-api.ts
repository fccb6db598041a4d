import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ModerationItem } from '@shared/schemas/reviews';
import { apiRequest, getJson } from '../../lib/api-client';

export type { ModerationItem };

const moderationKey = ['admin', 'reviews', 'moderation'] as const;

/** GET /api/admin/reviews/moderation: reported, flagged and hidden reviews. */
export const useModerationQueue = () =>
  useQuery({
    queryKey: moderationKey,
    queryFn: () => getJson<ModerationItem[]>('/api/admin/reviews/moderation'),
  });

/** Hide (with a reason), restore or keep a review; refreshes the admin area. */
export function useModerate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (a: { id: number; action: 'hide' | 'restore' | 'keep'; reason?: string }) =>
      apiRequest<ModerationItem>(
        'POST',
        `/api/admin/reviews/${a.id}/${a.action}`,
        a.action === 'hide' ? { reason: a.reason } : {},
      ),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['admin'] }),
  });
}
