import { Award, Clock, MapPin, Phone, User } from 'lucide-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { LIMITS } from '@shared/constants/domain';
import { Badge } from '../components/ui/badge';
import { Button } from '../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../components/ui/card';
import { Skeleton } from '../components/ui/skeleton';
import { StarRating } from '../components/ui/star-rating';
import { useReviews, useTechnician } from '../features/technicians/api';
import { ContactDialog } from '../features/technicians/contact-dialog';

const REVIEWS_PAGE = 10;

export default function TechnicianProfilePublic() {
  const id = Number(useParams().id);
  const { data: t, isLoading, isError } = useTechnician(id);
  const [showAll, setShowAll] = useState(false);
  const [page, setPage] = useState(1);
  const pageSize = showAll ? REVIEWS_PAGE : LIMITS.profileReviewsShown;
  const reviews = useReviews(id, showAll ? page : 1, pageSize);
  const [contactOpen, setContactOpen] = useState(false);

  if (isLoading) {
    return (
      <div className="mx-auto max-w-5xl space-y-4 px-4 py-10" aria-busy="true">
        <Skeleton className="h-40" />
        <Skeleton className="h-64" />
      </div>
    );
  }
  if (isError || !t) {
    return (
      <div className="mx-auto max-w-xl px-4 py-20 text-center">
        <h1 className="text-2xl font-bold">Technician Not Found</h1>
        <p className="mt-2 text-slate-600">The technician you're looking for doesn't exist.</p>
        <Button className="mt-6" asChild>
          <Link to="/technicians">Browse Technicians</Link>
        </Button>
      </div>
    );
  }
  const rating = Number(t.rating);
  const total = reviews.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / REVIEWS_PAGE));
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10 sm:px-6">
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
            <h1 className="text-3xl font-bold">
              {t.user.firstName} {t.user.lastName}
            </h1>
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
            <Button size="lg" onClick={() => setContactOpen(true)}>
              Contact {t.user.firstName}
            </Button>
          </div>
        </CardContent>
      </Card>
      <div className="grid gap-6 md:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Specialties</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-wrap gap-2">
            {t.specialties.map((s) => (
              <Badge key={s} variant="secondary">
                {s}
              </Badge>
            ))}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Certifications</CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="space-y-1">
              {t.certifications.map((c) => (
                <li key={c} className="flex items-center gap-2">
                  <Award className="h-4 w-4 text-brand-600" aria-hidden="true" /> {c}
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
      {t.bio && (
        <Card>
          <CardHeader>
            <CardTitle>About</CardTitle>
          </CardHeader>
          <CardContent>
            <p className="text-slate-700">{t.bio}</p>
          </CardContent>
        </Card>
      )}
      <Card>
        <CardHeader>
          <CardTitle>Customer Reviews</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {reviews.isLoading ? (
            <Skeleton className="h-20" />
          ) : total === 0 ? (
            <p className="text-slate-600">No reviews yet.</p>
          ) : (
            <>
              <ul className="divide-y">
                {reviews.data?.items.map((r) => (
                  <li key={r.id} className="space-y-1 py-3">
                    <div className="flex items-center gap-2">
                      <StarRating rating={r.rating} size={14} />
                      <time className="text-sm text-slate-500" dateTime={r.createdAt}>
                        {new Date(r.createdAt).toLocaleDateString()}
                      </time>
                    </div>
                    {r.comment && <p className="text-slate-700">{r.comment}</p>}
                  </li>
                ))}
              </ul>
              {!showAll && total > LIMITS.profileReviewsShown && (
                <Button variant="outline" onClick={() => setShowAll(true)}>
                  View All Reviews ({total})
                </Button>
              )}
              {showAll && pages > 1 && (
                <nav aria-label="Reviews pages" className="flex items-center gap-3">
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={page <= 1}
                    onClick={() => setPage(page - 1)}
                  >
                    Previous
                  </Button>
                  <span className="text-sm text-slate-600">
                    Page {page} of {pages}
                  </span>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={page >= pages}
                    onClick={() => setPage(page + 1)}
                  >
                    Next
                  </Button>
                </nav>
              )}
            </>
          )}
        </CardContent>
      </Card>
      <ContactDialog technician={contactOpen ? t : null} onClose={() => setContactOpen(false)} />
    </div>
  );
}
