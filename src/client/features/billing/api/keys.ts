/** Query keys of the billing feature; mutations invalidate `all` (plans and config stay). */
export const billingKeys = {
  all: ['billing'] as const,
  current: ['billing', 'current'] as const,
  history: (page: number, pageSize: number) => ['billing', 'history', page, pageSize] as const,
  upgradeQuote: (planName: string) => ['billing', 'upgrade-quote', planName] as const,
  plans: ['/api/plans'] as const,
  paymentsConfig: ['/api/payments/config'] as const,
  software: ['/api/software'] as const,
};
