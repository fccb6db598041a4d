import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AdminVerification,
  CreateVerificationInput,
  Verification,
} from '@shared/schemas/verifications';
import { apiRequest, getJson } from '../../lib/api-client';

export const verificationKeys = {
  all: ['verifications'] as const,
  own: (technicianId: number) => ['verifications', 'technician', technicianId] as const,
  pending: ['verifications', 'pending'] as const,
  expiring: ['verifications', 'expiring'] as const,
};

export const useOwnVerifications = (technicianId: number | null) =>
  useQuery({
    queryKey: verificationKeys.own(technicianId ?? 0),
    queryFn: () => getJson<Verification[]>(`/api/verifications/technician/${technicianId}`),
    enabled: technicianId !== null,
  });

export function useAddVerification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateVerificationInput) =>
      apiRequest<Verification>('POST', '/api/verifications', input),
    onSuccess: () => qc.invalidateQueries({ queryKey: verificationKeys.all }),
  });
}

export function useDeleteVerification() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiRequest('DELETE', `/api/verifications/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: verificationKeys.all }),
  });
}

export const usePendingVerifications = (enabled: boolean) =>
  useQuery({
    queryKey: verificationKeys.pending,
    queryFn: () => getJson<AdminVerification[]>('/api/admin/verifications/pending'),
    enabled,
  });

export const useExpiringVerifications = (enabled: boolean) =>
  useQuery({
    queryKey: verificationKeys.expiring,
    queryFn: () => getJson<AdminVerification[]>('/api/admin/verifications/expiring?days=30'),
    enabled,
  });

export function useUpdateVerificationStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; status: 'verified' | 'rejected' | 'pending'; notes: string }) =>
      apiRequest<Verification>('PATCH', `/api/verifications/${v.id}/status`, {
        status: v.status,
        notes: v.notes,
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: verificationKeys.all }),
  });
}
