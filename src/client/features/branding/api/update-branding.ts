import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OwnBranding, UpdateBrandingInput } from '@shared/schemas/branding';
import { apiRequest } from '../../../lib/api-client';
import { brandingKeys } from './keys';

/** PUT /api/technicians/me/branding */
export const updateBranding = (input: UpdateBrandingInput) =>
  apiRequest<OwnBranding>('PUT', '/api/technicians/me/branding', input);

export function useUpdateBranding() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: updateBranding,
    onSuccess: (data) => qc.setQueryData(brandingKeys.me, data),
  });
}
