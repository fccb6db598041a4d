import { formatWholeDollars } from '@shared/money';
import { Clock, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { requestServiceFromPath } from '@shared/paths';
import type { Technician } from '@shared/schemas/technicians';
import { Avatar } from '../../../components/ui/avatar';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { PhoneLink } from '../../../components/ui/phone-link';
import { StarRating } from '../../../components/ui/star-rating';
import { CertifiedBadge } from '../certified-badge';
import { FeaturedBadge } from '../featured-badge';

/** A public profile's top card: photo, name, rating, contact details and rate. */
export function ProfileHeader({
  technician: t,
  onContact,
}: {
  technician: Technician;
  onContact: () => void;
}) {
  const rating = Number(t.rating);
  return (
    <Card>
      <CardContent className="flex flex-col gap-6 pt-6 sm:flex-row">
        <Avatar name={`${t.user.firstName} ${t.user.lastName}`} src={t.profileImage} size="xl" />
        <div className="flex-1 space-y-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold">
              {t.user.firstName} {t.user.lastName}
            </h1>
            {t.featured && <FeaturedBadge />}
            <CertifiedBadge certified={t.certified} />
          </div>
          <div className="flex items-center gap-2">
            <StarRating rating={rating} />
            <span className="font-medium">{rating.toFixed(1)}</span>
            <span className="text-slate-500">({t.totalReviews} reviews)</span>
          </div>
          <p className="flex items-center gap-1 text-slate-600">
            <MapPin className="h-4 w-4" aria-hidden="true" /> {t.location}
          </p>
          <p className="flex items-center gap-1 text-slate-600">
            <Clock className="h-4 w-4" aria-hidden="true" /> {t.yearsExperience} years experience
          </p>
          <p className="flex items-center gap-1 text-slate-600">
            <Phone className="h-4 w-4" aria-hidden="true" />{' '}
            {t.user.phone ? (
              <PhoneLink
                phone={t.user.phone}
                callLabel={`Call ${t.user.firstName} at `}
                className="text-blue-700 underline"
              />
            ) : (
              'Contact via platform'
            )}
          </p>
          <p className="text-xl font-semibold">{formatWholeDollars(t.hourlyRate)}/hour</p>
          {!t.isAvailable && <Badge variant="secondary">Currently unavailable</Badge>}
        </div>
        <div className="flex flex-col gap-3 sm:items-stretch">
          {/* A request sent from here goes to this technician first (while they take jobs, and
              once their credentials are verified: ADR 033). */}
          {t.isAvailable && t.certified && (
            <Button size="lg" asChild>
              <Link to={requestServiceFromPath(t.id)}>Request service</Link>
            </Button>
          )}
          <Button
            size="lg"
            variant={t.isAvailable && t.certified ? 'outline' : 'default'}
            onClick={onContact}
          >
            Contact {t.user.firstName}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
