import { URGENCY_LABELS, type Urgency } from '@shared/constants/service-types';
import { Badge } from '../../../components/ui/badge';

const VARIANT = { high: 'destructive', medium: 'warning', low: 'secondary' } as const;

/** The urgency as a colour badge: high red, medium amber, low grey. */
export function UrgencyBadge({ urgency }: { urgency: Urgency }) {
  return (
    <Badge variant={VARIANT[urgency]} title={URGENCY_LABELS[urgency]}>
      {urgency[0]!.toUpperCase() + urgency.slice(1)} Priority
    </Badge>
  );
}
