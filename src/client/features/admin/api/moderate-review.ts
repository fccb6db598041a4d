import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerationItem } from '@shared/schemas/reviews';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';

export type Moderation = { id: number; action: 'hide' | 'restore' | 'keep'; reason?: string };

/** POST /api/admin/reviews/:id/{hide,restore,keep}: hide (with a reason), restore or keep a review. */
export const moderateReview = (a: Moderation) =>
  apiRequest<ModerationItem>(
    'POST',
    `/api/admin/reviews/${a.id}/${a.action}`,
    a.action === 'hide' ? { reason: a.reason } : {},
  );

/** Moderates a review; refreshes the admin area. */
export function useModerate() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: moderateReview,
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
