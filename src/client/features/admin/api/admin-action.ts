import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Role } from '@shared/constants/domain';
import { apiRequest } from '../../../lib/api-client';
import { adminKeys } from './keys';

export type AdminAction =
  | { kind: 'approveUser'; id: number }
  | { kind: 'rejectUser'; id: number }
  | { kind: 'role'; id: number; role: Role }
  | { kind: 'technician'; id: number; action: 'approve' | 'suspend' | 'reinstate' }
  | { kind: 'application'; id: number; decision: 'approve' | 'reject' };

/**
 * PATCH /api/admin/users/:id/{approve,reject,role}, /api/admin/technicians/:id/status and
 * /api/admin/applications/:id/{approve,reject}: an admin's decision on an account.
 */
export function runAdminAction(a: AdminAction) {
  switch (a.kind) {
    case 'approveUser':
      return apiRequest<{ message: string }>('PATCH', `/api/admin/users/${a.id}/approve`, {});
    case 'rejectUser':
      return apiRequest<{ message: string }>('PATCH', `/api/admin/users/${a.id}/reject`, {});
    case 'role':
      return apiRequest<{ message: string }>('PATCH', `/api/admin/users/${a.id}/role`, {
        role: a.role,
      });
    case 'technician':
      return apiRequest<{ message: string }>('PATCH', `/api/admin/technicians/${a.id}/status`, {
        action: a.action,
      });
    case 'application':
      return apiRequest<{ message: string }>(
        'PATCH',
        `/api/admin/applications/${a.id}/${a.decision}`,
        {},
      );
  }
}

/** Admin actions; every one refreshes the whole admin area (counts, queues, lists, audit). */
export function useAdminAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: runAdminAction,
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}
