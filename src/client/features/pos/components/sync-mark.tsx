import { CloudOff, TriangleAlert } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';
import type { SyncMark as Mark } from '../offline/views';

/** On a record with changes still on the device: waiting to sync, or refused by the server. */
export function SyncMark({ sync }: { sync: Mark | null }) {
  if (!sync) return null;
  if (sync.state === 'waiting')
    return (
      <Badge variant="outline">
        <CloudOff className="h-3 w-3" aria-hidden="true" /> Waiting to sync
      </Badge>
    );
  return (
    <Badge variant="destructive">
      <TriangleAlert className="h-3 w-3" aria-hidden="true" /> Not synced
    </Badge>
  );
}

/** The server's reason, under a record it refused. */
export function SyncError({ sync }: { sync: Mark | null }) {
  if (sync?.state !== 'error') return null;
  return <p className="text-sm text-red-700">{sync.message}</p>;
}
