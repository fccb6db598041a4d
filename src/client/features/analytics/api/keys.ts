/** Query keys of the analytics dashboard; one summary per range. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  summary: (from: string, to: string) => ['analytics', 'summary', from, to] as const,
};
