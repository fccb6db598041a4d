import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { OutboxChannel, outboxPageSchema, OutboxStatus } from '@shared/schemas/notifications';
import { getJson } from '../../../lib/api-client';
import { adminKeys } from './keys';

export type OutboxPage = z.output<typeof outboxPageSchema>;
export type OutboxFilter = { status?: OutboxStatus; channel?: OutboxChannel; page: number };

/** GET /api/admin/outbox: one page of the messages sent or to send, filtered. */
export function getOutbox(f: OutboxFilter) {
  const qs = new URLSearchParams({ page: String(f.page) });
  if (f.status) qs.set('status', f.status);
  if (f.channel) qs.set('channel', f.channel);
  return getJson<OutboxPage>(`/api/admin/outbox?${qs}`);
}

export const outboxQueryOptions = (f: OutboxFilter) =>
  queryOptions({
    queryKey: adminKeys.outbox(f),
    queryFn: () => getOutbox(f),
    placeholderData: keepPreviousData,
  });

export const useOutbox = (f: OutboxFilter) => useQuery(outboxQueryOptions(f));
