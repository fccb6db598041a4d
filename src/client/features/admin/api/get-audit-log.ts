import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { auditEntrySchema } from '@shared/schemas/admin';
import { getPage } from '../../../lib/api-client';
import { adminKeys } from './keys';
import { queryString } from './query-string';

export type AuditEntry = z.output<typeof auditEntrySchema>;
export type AuditFilter = {
  actor?: string;
  action?: string;
  from?: string;
  to?: string;
  page: number;
};
export const AUDIT_PAGE_SIZE = 25;

/** GET /api/admin/audit-log: one page, filtered (the total from X-Total-Count). */
export const getAuditLog = (f: AuditFilter) =>
  getPage<AuditEntry[]>(`/api/admin/audit-log${queryString({ ...f, limit: AUDIT_PAGE_SIZE })}`);

export const auditLogQueryOptions = (f: AuditFilter, enabled: boolean) =>
  queryOptions({
    queryKey: adminKeys.audit(f),
    queryFn: () => getAuditLog(f),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useAuditLog = (f: AuditFilter, enabled: boolean) =>
  useQuery(auditLogQueryOptions(f, enabled));
