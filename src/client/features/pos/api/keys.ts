/**
 * Query keys of the point of sale; every list is one technician's. The lists (under `all`) are
 * kept offline (app/offline-cache.ts) and refetched after every change; a receipt, a statement
 * and the customer's approval page are not, so their keys start elsewhere.
 */
export const posKeys = {
  all: ['pos'] as const,
  quotes: (id: number) => ['pos', 'quotes', id] as const,
  invoices: (id: number) => ['pos', 'invoices', id] as const,
  payments: (id: number) => ['pos', 'payments', id] as const,
  receipt: (id: string | undefined) => ['pos-receipt', id] as const,
  statement: (from: string, to: string) => ['pos-statement', from, to] as const,
  publicQuote: (token: string) => ['quote-approval', token] as const,
  /** Kept offline too: a quote made on the road uses the rates last looked up for its place. */
  taxRates: (location: string) => ['pos', 'tax-rates', location] as const,
};
