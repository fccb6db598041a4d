import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { pendingApprovalSchema } from '@shared/schemas/admin';
import { getJson } from '../../../lib/api-client';
import { adminKeys } from './keys';

export type PendingApproval = z.infer<typeof pendingApprovalSchema>;

/** GET /api/admin/pending-approvals: accounts and applications waiting for an admin. */
export const getPendingApprovals = () => getJson<PendingApproval[]>('/api/admin/pending-approvals');

export const pendingApprovalsQueryOptions = (enabled: boolean) =>
  queryOptions({ queryKey: adminKeys.pending, queryFn: getPendingApprovals, enabled });

export const usePendingApprovals = (enabled: boolean) =>
  useQuery(pendingApprovalsQueryOptions(enabled));
