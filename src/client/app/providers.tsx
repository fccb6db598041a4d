import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { loadAfterHydration } from '../components/deferred';

const Toaster = loadAfterHydration(() => import('../components/ui/sonner').then((m) => m.Toaster));

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  // The offline copy of a technician's data (IndexedDB) is loaded after the page is up.
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./offline-cache').then((m) => {
      if (!cancelled) stop = m.persistOfflineQueries(client);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [client]);
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
