/** Query keys of the billing feature; mutations invalidate `all`. */
export const billingKeys = {
  all: ['billing'] as const,
  current: ['billing', 'current'] as const,
  history: (page: number, pageSize: number) => ['billing', 'history', page, pageSize] as const,
  upgradeQuote: (planName: string) => ['billing', 'upgrade-quote', planName] as const,
};
