import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

/** Defaults from the spec: data never goes stale, no refetch on focus, no polling, no retry. */
export const QUERY_DEFAULTS = {
  queries: {
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchInterval: false,
    retry: false,
  },
  mutations: { retry: false },
} satisfies DefaultOptions;

export function createQueryClient() {
  return new QueryClient({ defaultOptions: QUERY_DEFAULTS });
}
