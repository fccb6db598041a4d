/** Query keys of the point of sale; every list is one technician's. */
export const posKeys = {
  all: ['pos'] as const,
  quotes: (id: number) => ['pos', 'quotes', id] as const,
  invoices: (id: number) => ['pos', 'invoices', id] as const,
  payments: (id: number) => ['pos', 'payments', id] as const,
};
