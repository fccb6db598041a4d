/** Query keys of the technician's jobs. */
export const jobKeys = {
  all: ['jobs'] as const,
  list: () => ['jobs', 'list'] as const,
};
