import { Clock, MapPin, Phone, User } from 'lucide-react';
import type { Technician } from '@shared/schemas/technicians';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { StarRating } from '../../../components/ui/star-rating';
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
        {t.profileImage ? (
          <img
            src={t.profileImage}
            alt={`${t.user.firstName} ${t.user.lastName}`}
            className="h-32 w-32 rounded-full object-cover"
          />
        ) : (
          <div
            className="flex h-32 w-32 shrink-0 items-center justify-center rounded-full bg-slate-200"
            role="img"
            aria-label="No profile photo"
          >
            <User className="h-14 w-14 text-slate-400" aria-hidden="true" />
          </div>
        )}
        <div className="flex-1 space-y-2">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-3xl font-bold">
              {t.user.firstName} {t.user.lastName}
            </h1>
            {t.featured && <FeaturedBadge />}
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
              <a
                className="text-blue-700 underline"
                href={`tel:${t.user.phone.replace(/[^\d+]/g, '')}`}
                aria-label={`Call ${t.user.firstName} at ${t.user.phone}`}
              >
                {t.user.phone}
              </a>
            ) : (
              'Contact via platform'
            )}
          </p>
          <p className="text-xl font-semibold">${Math.round(Number(t.hourlyRate))}/hour</p>
          {!t.isAvailable && <Badge variant="secondary">Currently unavailable</Badge>}
        </div>
        <div>
          <Button size="lg" onClick={onContact}>
            Contact {t.user.firstName}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
