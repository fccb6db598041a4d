import { Clock, ShieldCheck } from 'lucide-react';
import { Badge } from '../../components/ui/badge';

/**
 * How the listing shows a technician's credentials: 'Certified' once an admin has verified a
 * current license and insurance; until then 'New, credentials in review' (ADR 033).
 */
export function CertifiedBadge({ certified }: { certified: boolean }) {
  return certified ? (
    <Badge
      variant="outline"
      className="border-green-300 bg-green-50 text-green-800"
      data-testid="certified-badge"
    >
      <ShieldCheck className="h-3 w-3" aria-hidden="true" />
      Certified
    </Badge>
  ) : (
    <Badge variant="outline" className="text-slate-700" data-testid="in-review-badge">
      <Clock className="h-3 w-3" aria-hidden="true" />
      New, credentials in review
    </Badge>
  );
}
