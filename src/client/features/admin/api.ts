import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type {
  adminTechnicianSchema,
  adminUserSchema,
  AdminOverview,
  pendingApprovalSchema,
} from '@shared/schemas/admin';
import type { Role } from '@shared/constants/domain';
import type { adminPaymentSchema } from '@shared/schemas/billing';
import type { DocumentLink } from '@shared/schemas/documents';
import { apiRequest, getJson, getPage } from '../../lib/api-client';

export type AdminUser = z.infer<typeof adminUserSchema>;
export type AdminTechnician = z.infer<typeof adminTechnicianSchema>;
export type PendingApproval = z.infer<typeof pendingApprovalSchema>;
export type AdminPayment = z.output<typeof adminPaymentSchema>;

export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  users: (search: string) => ['admin', 'users', search] as const,
  pending: ['admin', 'pending'] as const,
  technicians: (search: string) => ['admin', 'technicians', search] as const,
};

export const useOverview = (enabled: boolean) =>
  useQuery({
    queryKey: adminKeys.overview,
    queryFn: () => getJson<AdminOverview>('/api/admin/overview'),
    enabled,
  });
export const useAdminUsers = (search: string, enabled: boolean) =>
  useQuery({
    queryKey: adminKeys.users(search),
    queryFn: () =>
      getPage<AdminUser[]>(
        `/api/admin/users?pageSize=100${search ? `&search=${encodeURIComponent(search)}` : ''}`,
      ),
    enabled,
  });
export const usePendingApprovals = (enabled: boolean) =>
  useQuery({
    queryKey: adminKeys.pending,
    queryFn: () => getJson<PendingApproval[]>('/api/admin/pending-approvals'),
    enabled,
  });
export const useAdminTechnicians = (search: string, enabled: boolean) =>
  useQuery({
    queryKey: adminKeys.technicians(search),
    queryFn: () =>
      getPage<AdminTechnician[]>(
        `/api/admin/technicians?pageSize=100${search ? `&search=${encodeURIComponent(search)}` : ''}`,
      ),
    enabled,
  });

/** Admin actions; every one refreshes the whole admin area (counts, queues, lists, audit). */
export function useAdminAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (
      a:
        | { kind: 'approveUser'; id: number }
        | { kind: 'rejectUser'; id: number }
        | { kind: 'role'; id: number; role: Role }
        | { kind: 'technician'; id: number; action: 'approve' | 'suspend' | 'reinstate' }
        | { kind: 'application'; id: number; decision: 'approve' | 'reject' },
    ) => {
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
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** Every technician's plan payments, newest first (GET /api/admin/payments). */
export const useAdminPayments = () =>
  useQuery({
    queryKey: ['/api/admin/payments'],
    queryFn: () => getJson<AdminPayment[]>('/api/admin/payments'),
  });

/** A short-lived signed link to a private document (admins may read every one). */
export const getDocumentLink = (documentId: number) =>
  getJson<DocumentLink>(`/api/documents/${documentId}/link`);
