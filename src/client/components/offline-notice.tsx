import { WifiOff } from 'lucide-react';
import { useOnline } from '../lib/connectivity';
import { formatClock } from '../lib/dates';

/**
 * Shown while the app cannot reach the server: the screen's data is what was last synced, at
 * `syncedAt` (a query's `dataUpdatedAt`; 0 when nothing was).
 */
export function OfflineNotice({ syncedAt }: { syncedAt: number }) {
  const online = useOnline();
  if (online) return null;
  return (
    <p
      role="status"
      className="inline-flex items-center gap-1.5 rounded-full bg-slate-800 px-3 py-1 text-sm font-medium text-white"
    >
      <WifiOff className="h-4 w-4" aria-hidden="true" />
      {syncedAt ? `offline, last synced ${formatClock(syncedAt)}` : 'offline'}
    </p>
  );
}
