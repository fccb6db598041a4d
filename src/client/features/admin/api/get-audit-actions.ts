import { queryOptions, useQuery } from '@tanstack/react-query';
import { getJson } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** GET /api/admin/audit-log/actions: the actions the audit log holds (its filter's choices). */
export const getAuditActions = () => getJson<string[]>('/api/admin/audit-log/actions');

export const auditActionsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.actions, queryFn: getAuditActions });

export const useAuditActions = () => useQuery(auditActionsQueryOptions());
