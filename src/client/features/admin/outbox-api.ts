import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  OutboxChannel,
  OutboxMessage,
  outboxPageSchema,
  OutboxStatus,
} from '@shared/schemas/notifications';
import { apiRequest, getJson } from '../../lib/api-client';
import { adminKeys } from './api';

export type OutboxPage = z.output<typeof outboxPageSchema>;
export type OutboxFilter = { status?: OutboxStatus; channel?: OutboxChannel; page: number };

const outboxKey = (f: OutboxFilter) => [...adminKeys.all, 'outbox', f] as const;

/** GET /api/admin/outbox */
export const useOutbox = (f: OutboxFilter) =>
  useQuery({
    queryKey: outboxKey(f),
    queryFn: () => {
      const qs = new URLSearchParams({ page: String(f.page) });
      if (f.status) qs.set('status', f.status);
      if (f.channel) qs.set('channel', f.channel);
      return getJson<OutboxPage>(`/api/admin/outbox?${qs}`);
    },
    placeholderData: keepPreviousData,
  });

/** POST /api/admin/outbox/:id/retry */
export function useRetryMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest<OutboxMessage>('POST', `/api/admin/outbox/${id}/retry`),
    onSuccess: () => qc.invalidateQueries({ queryKey: [...adminKeys.all, 'outbox'] }),
  });
}
