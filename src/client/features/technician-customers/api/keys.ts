/** The technician's customer list and pages (GET /api/technician-customers…). */
export const technicianCustomerKeys = {
  all: ['technician-customers'] as const,
  list: (q: string, page: number) => ['technician-customers', 'list', q, page] as const,
  detail: (id: number) => ['technician-customers', 'detail', id] as const,
};
