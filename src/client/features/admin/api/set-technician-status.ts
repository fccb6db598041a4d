import { apiRequest } from '../../../lib/api-client';

export type TechnicianStatusAction = 'approve' | 'suspend' | 'reinstate';

/** PATCH /api/admin/technicians/:id/status: a technician approved, suspended or reinstated. */
export const setTechnicianStatus = (id: number, action: TechnicianStatusAction) =>
  apiRequest<{ message: string }>('PATCH', `/api/admin/technicians/${id}/status`, { action });
