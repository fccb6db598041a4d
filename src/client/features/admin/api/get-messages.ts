import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { adminMessagesSchema } from '@shared/schemas/admin';
import { getJson } from '../../../lib/api-client';
import { adminKeys } from './keys';
import { queryString } from './query-string';

export type AdminMessages = z.output<typeof adminMessagesSchema>;
export type MessageFilter = { handled?: 'true' | 'false'; page: number };

/** GET /api/admin/messages: one page of the contact form's messages, filtered. */
export const getAdminMessages = (f: MessageFilter) =>
  getJson<AdminMessages>(`/api/admin/messages${queryString(f)}`);

export const adminMessagesQueryOptions = (f: MessageFilter) =>
  queryOptions({
    queryKey: adminKeys.messages(f),
    queryFn: () => getAdminMessages(f),
    placeholderData: keepPreviousData,
  });

export const useAdminMessages = (f: MessageFilter) => useQuery(adminMessagesQueryOptions(f));
