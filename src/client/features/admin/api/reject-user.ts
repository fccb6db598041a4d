import { apiRequest } from '../../../lib/api-client';

/** PATCH /api/admin/users/:id/reject: a pending registration refused (the user is e-mailed). */
export const rejectUser = (id: number) =>
  apiRequest<{ message: string }>('PATCH', `/api/admin/users/${id}/reject`, {});
