import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { HydrateApart } from '../components/deferred';
import { Button } from '../components/ui/button';
import { Skeleton } from '../components/ui/skeleton';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { ReportReview } from '../features/reviews/components/report-review';
import { ReviewReplyForm } from '../features/reviews/components/review-reply-form';
import { useTechnician } from '../features/technicians/api/get-technician';
import { ProfileDetails } from '../features/technicians/components/profile-details';
import { ProfileHeader } from '../features/technicians/components/profile-header';
import { TechnicianReviews } from '../features/technicians/components/technician-reviews';
import { ContactDialog } from '../features/technicians/dialogs';
import { useTechnicianReviews } from '../features/technicians/use-technician-reviews';
import { PATHS } from '@shared/paths';

export default function TechnicianProfilePublic() {
  const id = Number(useParams().id);
  const { data: t, isLoading, isError } = useTechnician(id);
  const reviews = useTechnicianReviews(id);
  const { data: me } = useCurrentUser();
  // The technician replies to reviews on their own profile (the server checks it too).
  const ownProfile = me?.technicianId != null && me.technicianId === id;
  const canReport = me?.role === 'customer' || me?.role === 'technician';
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
          <Link to={PATHS.technicians}>Browse Technicians</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10 sm:px-6">
      <ProfileHeader technician={t} onContact={() => setContactOpen(true)} />
      <ProfileDetails technician={t} />
      <HydrateApart>
        <TechnicianReviews
          state={reviews}
          technicianName={t.user.firstName}
          actions={
            // The reviewed technician replies (and may report); signed-in customers and
            // technicians report (the server checks both).
            ownProfile
              ? (r) => (
                  <div className="space-y-1">
                    <ReviewReplyForm reviewId={r.id} reply={r.reply} onSaved={reviews.refresh} />
                    <ReportReview reviewId={r.id} reviewerName={r.reviewerName} />
                  </div>
                )
              : canReport
                ? (r) => <ReportReview reviewId={r.id} reviewerName={r.reviewerName} />
                : undefined
          }
        />
      </HydrateApart>
      <ContactDialog technician={contactOpen ? t : null} onClose={() => setContactOpen(false)} />
    </div>
  );
}
