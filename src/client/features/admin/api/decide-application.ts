import { apiRequest } from '../../../lib/api-client';

/** PATCH /api/admin/applications/:id/{approve,reject}: a technician application decided. */
export const decideApplication = (id: number, decision: 'approve' | 'reject') =>
  apiRequest<{ message: string }>('PATCH', `/api/admin/applications/${id}/${decision}`, {});
