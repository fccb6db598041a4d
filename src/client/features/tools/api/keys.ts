/**
 * Query keys of the tools feature. The catalogue depends on who is signed in and their plan;
 * the lookups are fixed tables, cached per input. (The VIN decoder's key is shared: lib/api.)
 */
export const toolsKeys = {
  all: ['tools'] as const,
  /** Per viewer: signing in (a dialog, no reload) shows what the account opens. */
  catalogue: (viewer: number | null) => ['tools', 'catalogue', viewer ?? 'visitor'] as const,
  troubleCode: (code: string) => ['tools', 'dtc', code.toUpperCase()] as const,
  troubleCodeSearch: (q: string) => ['tools', 'dtc-search', q.trim().toLowerCase()] as const,
  maintenance: (mileage: number, service: string | undefined) =>
    ['tools', 'maintenance', mileage, service ?? 'all'] as const,
};
