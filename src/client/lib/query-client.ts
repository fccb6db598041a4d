import { QueryClient } from '@tanstack/react-query';

/** Defaults from the spec: data never goes stale, no refetch on focus, no polling, no retry. */
export function createQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: Infinity,
        refetchOnWindowFocus: false,
        refetchInterval: false,
        retry: false,
      },
      mutations: { retry: false },
    },
  });
}
