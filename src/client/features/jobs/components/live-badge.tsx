import { Radio } from 'lucide-react';
import { Badge } from '../../../components/ui/badge';

/** Whether updates are pushed, or read again every few seconds. */
export function LiveBadge({ live }: { live: boolean }) {
  return (
    <Badge variant={live ? 'success' : 'outline'}>
      <Radio className="h-3 w-3" aria-hidden="true" />
      {live ? 'Live updates on' : 'Checking every 10 seconds'}
    </Badge>
  );
}
