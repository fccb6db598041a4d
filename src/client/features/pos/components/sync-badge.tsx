import { CloudUpload } from 'lucide-react';
import { Link } from 'react-router';
import { PATHS } from '@shared/paths';
import { useSyncCounts, waitingLabel } from './sync-counts';

/** The header's small version for technicians: the count, linking to the point of sale. */
export function SyncBadge() {
  const { waiting, refused } = useSyncCounts();
  const count = waiting + refused.length;
  if (count === 0) return null;
  const label = [
    waiting > 0 ? waitingLabel(waiting) : null,
    refused.length > 0 ? `${refused.length} not synced` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Link
      to={PATHS.posSystem}
      aria-label={label}
      title={label}
      className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${
        refused.length > 0 ? 'bg-red-100 text-red-800' : 'bg-amber-100 text-amber-900'
      }`}
    >
      <CloudUpload className="h-3.5 w-3.5" aria-hidden="true" />
      {count}
    </Link>
  );
}
