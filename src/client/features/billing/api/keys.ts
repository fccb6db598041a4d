/**
 * Query keys of the billing feature; mutations invalidate `all`. The software catalogue stays
 * outside it (as the plans and the payments config in lib/api do): a change of plan does not
 * refetch it.
 */
export const billingKeys = {
  all: ['billing'] as const,
  current: ['billing', 'current'] as const,
  history: (page: number, pageSize: number) => ['billing', 'history', page, pageSize] as const,
  upgradeQuote: (planName: string) => ['billing', 'upgrade-quote', planName] as const,
  software: ['software'] as const,
};
