import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  MessageBody,
  RequestMessage,
  RequestThread,
  UnreadMessages,
} from '@shared/schemas/request-messages';
import { apiRequest, getJson } from '../../../../lib/api-client';
import { serviceRequestKeys, serviceRequestUrl, type ServiceRequestRef } from '../../api/keys';

export type { RequestMessage, RequestThread };

/**
 * Under the request's own key: every `request.updated` of its stream (a new message, a read)
 * refetches the thread with the request.
 */
export const messagesKey = (reference: string) =>
  [...serviceRequestKeys.detail(reference), 'messages'] as const;

/** GET /api/service-requests/:reference/messages: the thread as this side sees it. */
export const threadQueryOptions = (ref: ServiceRequestRef) =>
  queryOptions({
    queryKey: messagesKey(ref.reference),
    queryFn: () => getJson<RequestThread>(serviceRequestUrl(ref, '/messages')),
  });

export const useThread = (ref: ServiceRequestRef) => useQuery(threadQueryOptions(ref));

/** POST /api/service-requests/:reference/messages: sends one; the thread then shows it. */
export function useSendMessage(ref: ServiceRequestRef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: MessageBody) =>
      apiRequest<{ message: string; sent: RequestMessage }>(
        'POST',
        serviceRequestUrl(ref, '/messages'),
        body,
      ),
    onSuccess: ({ sent }) => {
      qc.setQueryData<RequestThread>(messagesKey(ref.reference), (thread) =>
        thread && !thread.messages.some((m) => m.id === sent.id)
          ? { ...thread, messages: [...thread.messages, sent] }
          : thread,
      );
    },
  });
}

/** POST /api/service-requests/:reference/messages/read: the other side's messages read. */
export function useReadMessages(ref: ServiceRequestRef) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<{ unread: 0 }>('POST', serviceRequestUrl(ref, '/messages/read')),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: unreadMessagesKey });
      qc.setQueryData<RequestThread>(messagesKey(ref.reference), (thread) =>
        thread ? { ...thread, unread: 0 } : thread,
      );
    },
  });
}

/** POST /api/service-requests/:reference/messages/:id/report: one of the other side's, reported. */
export const useReportMessage = (ref: ServiceRequestRef) =>
  useMutation({
    mutationFn: ({ id, reason }: { id: number; reason: string }) =>
      apiRequest<{ message: string }>('POST', serviceRequestUrl(ref, `/messages/${id}/report`), {
        reason,
      }),
  });

export const unreadMessagesKey = ['service-requests', 'unread-messages'] as const;

/**
 * GET /api/messages/unread: the signed-in person's unread messages across their requests or
 * jobs (the header's count). Asked every minute and when the tab comes back.
 */
export const useUnreadMessages = (enabled: boolean) =>
  useQuery({
    queryKey: unreadMessagesKey,
    queryFn: () => getJson<UnreadMessages>('/api/messages/unread'),
    enabled,
    refetchInterval: 60_000,
    refetchOnWindowFocus: true,
    staleTime: 15_000,
  });
