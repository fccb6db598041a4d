import type { Role } from '@shared/constants/domain';
import { apiRequest } from '../../../lib/api-client';

/** PATCH /api/admin/users/:id/role: a user's role changed. */
export const setUserRole = (id: number, role: Role) =>
  apiRequest<{ message: string }>('PATCH', `/api/admin/users/${id}/role`, { role });
