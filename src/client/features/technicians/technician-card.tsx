import { formatWholeDollars } from '@shared/money';
import { MapPin } from 'lucide-react';
import { CertifiedBadge } from './certified-badge';
import { FeaturedBadge } from './featured-badge';
import { Link } from 'react-router';
import type { Technician } from '@shared/schemas/technicians';
import { Avatar } from '../../components/ui/avatar';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { StarRating } from '../../components/ui/star-rating';
import { technicianPath } from '@shared/paths';

export function TechnicianCard({
  technician: t,
  onContact,
}: {
  technician: Technician;
  onContact: (t: Technician) => void;
}) {
  const rating = Number(t.rating);
  const name = `${t.user.firstName} ${t.user.lastName}`;
  return (
    <Card className="flex h-full flex-col" data-testid="technician-card">
      <CardContent className="flex flex-1 flex-col gap-3 pt-6">
        <div className="flex items-start justify-between gap-2">
          <Avatar name={name} src={t.profileImage} size="sm" alt="" />
          <div className="flex min-w-0 flex-1 flex-wrap items-center gap-2">
            <h3 className="min-w-0 text-lg font-semibold [overflow-wrap:anywhere]">
              <Link to={technicianPath(t.id)} className="hover:text-brand-700 hover:underline">
                {name}
              </Link>
            </h3>
            {t.featured && <FeaturedBadge />}
            <CertifiedBadge certified={t.certified} />
          </div>
          <span className="whitespace-nowrap font-semibold text-slate-900">
            {formatWholeDollars(t.hourlyRate)}/hour
          </span>
        </div>
        <div className="flex items-center gap-2 text-sm">
          <StarRating rating={rating} />
          <span className="font-medium">{rating.toFixed(1)}</span>
          <span className="text-slate-500">({t.totalReviews} reviews)</span>
          {t.yearsExperience > 0 && (
            <span className="ml-auto text-slate-600" data-testid="technician-experience">
              {t.yearsExperience} {t.yearsExperience === 1 ? 'year' : 'years'} experience
            </span>
          )}
        </div>
        {t.certifications.length > 0 && (
          <p className="text-sm text-slate-600">{t.certifications.join(', ')}</p>
        )}
        <LowestStartingPrice technician={t} />
        <p className="flex items-center gap-1 text-sm text-slate-600">
          <MapPin className="h-4 w-4" aria-hidden="true" />
          {t.location}
          {t.distanceMiles !== undefined && (
            <span className="text-slate-500" data-testid="technician-distance">
              {' '}
              · {t.distanceMiles.toFixed(1)} miles away
            </span>
          )}
        </p>
        <div className="flex flex-wrap gap-1.5">
          {t.specialties.map((s) => (
            <Badge key={s} variant="secondary">
              {s}
            </Badge>
          ))}
        </div>
        <Button className="mt-auto w-full" onClick={() => onContact(t)}>
          Contact Mechanic
        </Button>
      </CardContent>
    </Card>
  );
}

/** The lowest price the technician published before booking, and what it is for. */
function LowestStartingPrice({ technician: t }: { technician: Technician }) {
  const lowest = [...(t.startingPrices ?? [])].sort((a, b) => Number(a.from) - Number(b.from))[0];
  if (!lowest) return null;
  return (
    <p className="text-sm text-slate-700" data-testid="technician-starting-price">
      <span className="font-medium">From {formatWholeDollars(lowest.from)}</span> ·{' '}
      {lowest.description}
      {lowest.partsExtra ? ', parts extra' : ''}
    </p>
  );
}
