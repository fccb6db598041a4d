import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AdminMessage, adminMessagesSchema, auditEntrySchema } from '@shared/schemas/admin';
import type {
  adminJobsSchema,
  JobDetail,
  JobMoveBody,
  jobStatusSchema,
} from '@shared/schemas/jobs';
import { apiRequest, getJson, getPage } from '../../lib/api-client';
import { adminKeys } from './api';

export type AdminJobs = z.output<typeof adminJobsSchema>;
export type AdminMessages = z.output<typeof adminMessagesSchema>;
export type AuditEntry = z.output<typeof auditEntrySchema>;
export type JobStatus = z.output<typeof jobStatusSchema>;

/** The query string of the defined, non-empty values. */
const query = (params: Record<string, string | number | undefined>) => {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== '') qs.set(k, String(v));
  const s = qs.toString();
  return s ? `?${s}` : '';
};

export const recordKeys = {
  requests: (f: object) => [...adminKeys.all, 'service-requests', f] as const,
  request: (reference: string) => [...adminKeys.all, 'service-request', reference] as const,
  messages: (f: object) => [...adminKeys.all, 'messages', f] as const,
  audit: (f: object) => [...adminKeys.all, 'audit-log', f] as const,
  actions: [...adminKeys.all, 'audit-actions'] as const,
};

export type RequestFilter = { status?: JobStatus; q?: string; page: number };

/** GET /api/admin/service-requests */
export const useAdminServiceRequests = (f: RequestFilter) =>
  useQuery({
    queryKey: recordKeys.requests(f),
    queryFn: () => getJson<AdminJobs>(`/api/admin/service-requests${query(f)}`),
    placeholderData: keepPreviousData,
  });

/** GET /api/service-requests/:reference (the admin's view: timeline and notifications). */
export const useServiceRequestDetail = (reference: string | null) =>
  useQuery({
    queryKey: recordKeys.request(reference ?? ''),
    queryFn: () => getJson<JobDetail>(`/api/service-requests/${encodeURIComponent(reference!)}`),
    enabled: reference !== null,
  });

/** POST /api/service-requests/:reference/moves; refreshes the admin area. */
export function useAdminMove(reference: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: JobMoveBody) =>
      apiRequest<JobDetail>(
        'POST',
        `/api/service-requests/${encodeURIComponent(reference)}/moves`,
        body,
      ),
    onSuccess: (detail) => {
      qc.setQueryData(recordKeys.request(reference), detail);
      return qc.invalidateQueries({ queryKey: adminKeys.all });
    },
  });
}

export type MessageFilter = { handled?: 'true' | 'false'; page: number };

/** GET /api/admin/messages */
export const useAdminMessages = (f: MessageFilter) =>
  useQuery({
    queryKey: recordKeys.messages(f),
    queryFn: () => getJson<AdminMessages>(`/api/admin/messages${query(f)}`),
    placeholderData: keepPreviousData,
  });

/** PATCH /api/admin/messages/:id/handled */
export function useSetMessageHandled() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; handled: boolean }) =>
      apiRequest<AdminMessage>('PATCH', `/api/admin/messages/${v.id}/handled`, {
        handled: v.handled,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export type AuditFilter = {
  actor?: string;
  action?: string;
  from?: string;
  to?: string;
  page: number;
};
export const AUDIT_PAGE_SIZE = 25;

/** GET /api/admin/audit-log (filtered, paged; the total from X-Total-Count). */
export const useAuditLog = (f: AuditFilter, enabled: boolean) =>
  useQuery({
    queryKey: recordKeys.audit(f),
    queryFn: () =>
      getPage<AuditEntry[]>(`/api/admin/audit-log${query({ ...f, limit: AUDIT_PAGE_SIZE })}`),
    placeholderData: keepPreviousData,
    enabled,
  });

/** GET /api/admin/audit-log/actions */
export const useAuditActions = () =>
  useQuery({
    queryKey: recordKeys.actions,
    queryFn: () => getJson<string[]>('/api/admin/audit-log/actions'),
  });
