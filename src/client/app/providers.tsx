import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Toaster } from '../components/ui/sonner';
import { persistOfflineQueries } from './offline-cache';

export function Providers({ client, children }: { client: QueryClient; children: ReactNode }) {
  useEffect(() => persistOfflineQueries(client), [client]);
  return (
    <QueryClientProvider client={client}>
      {children}
      <Toaster />
    </QueryClientProvider>
  );
}
