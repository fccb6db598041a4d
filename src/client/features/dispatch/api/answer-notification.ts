import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { declineSchema } from '@shared/schemas/dispatch';
import { apiRequest } from '../../../lib/api-client';
import { notificationKeys } from './keys';

/** PATCH /api/job-notifications/:id/accept */
export const acceptNotification = (id: number) =>
  apiRequest('PATCH', `/api/job-notifications/${id}/accept`);

/** PATCH /api/job-notifications/:id/decline */
export const declineNotification = (id: number, body: z.input<typeof declineSchema>) =>
  apiRequest('PATCH', `/api/job-notifications/${id}/decline`, body);

export function useAnswerNotification(technicianId: number | null) {
  const qc = useQueryClient();
  const refresh = () =>
    qc.invalidateQueries({ queryKey: notificationKeys.forTechnician(technicianId ?? 0) });
  const accept = useMutation({
    mutationFn: acceptNotification,
    onSettled: refresh,
  });
  const decline = useMutation({
    mutationFn: (v: { id: number; declineReason: string }) =>
      declineNotification(v.id, { declineReason: v.declineReason }),
    onSettled: refresh,
  });
  return { accept, decline };
}
