import { apiRequest } from '../../../lib/api-client';

/** PATCH /api/admin/users/:id/approve: a pending registration approved (the user is e-mailed). */
export const approveUser = (id: number) =>
  apiRequest<{ message: string }>('PATCH', `/api/admin/users/${id}/approve`, {});
