/**
 * Query keys of the admin area. Every admin change invalidates `all` (counts, queues, lists,
 * audit); the plan payments list and the revenue stay outside it, so changes do not refetch them.
 */
export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  users: (search: string) => ['admin', 'users', search] as const,
  pending: ['admin', 'pending'] as const,
  technicians: (search: string) => ['admin', 'technicians', search] as const,
  moderation: ['admin', 'reviews', 'moderation'] as const,
  outboxAll: ['admin', 'outbox'] as const,
  outbox: (f: object) => ['admin', 'outbox', f] as const,
  requests: (f: object) => ['admin', 'service-requests', f] as const,
  messages: (f: object) => ['admin', 'messages', f] as const,
  audit: (f: object) => ['admin', 'audit-log', f] as const,
  actions: ['admin', 'audit-actions'] as const,
  waitlist: ['admin', 'service-area-waitlist'] as const,
  planPayments: ['plan-payments'] as const,
  revenue: (from: string, to: string) => ['platform-revenue', from, to] as const,
};
