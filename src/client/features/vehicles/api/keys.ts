/** Query keys of the vehicles feature; every change invalidates `all` (list and histories). */
export const vehicleKeys = {
  all: ['vehicles'] as const,
  list: () => [...vehicleKeys.all, 'list'] as const,
  history: (id: number) => [...vehicleKeys.all, 'history', id] as const,
};
