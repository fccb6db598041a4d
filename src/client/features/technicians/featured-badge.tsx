import { Award } from 'lucide-react';
import { Badge } from '../../components/ui/badge';

/** On a technician whose plan includes a featured listing (Premium, Professional). */
export function FeaturedBadge() {
  return (
    <Badge
      variant="outline"
      className="border-amber-300 bg-amber-100 text-amber-900"
      data-testid="featured-badge"
    >
      <Award className="h-3 w-3" aria-hidden="true" />
      Featured
    </Badge>
  );
}
