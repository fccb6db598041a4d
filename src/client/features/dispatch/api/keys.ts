/** Query keys of the notifications feature. */
export const notificationKeys = {
  forTechnician: (id: number) => ['/api/job-notifications/technician', id] as const,
  leads: (id: number) => ['/api/job-notifications/technician', id, 'leads'] as const,
};
