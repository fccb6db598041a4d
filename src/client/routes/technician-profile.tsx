import { Skeleton } from '../components/ui/skeleton';
import { ApiAccessCard } from '../features/api-tokens/components/api-access-card';
import { WorkingHoursCard } from '../features/availability/components/working-hours-card';
import { CalendarFeedCard } from '../features/calendar-feed/components/calendar-feed-card';
import { BrandingCard } from '../features/branding/components/branding-card';
import { NotificationSettingsCard } from '../features/notifications/components/notification-settings-card';
import { PaymentAccountCard } from '../features/payment-accounts/components/payment-account-card';
import { useOwnProfile } from '../features/profile/api/get-own-profile';
import { ProfileEditor } from '../features/profile/components/profile-editor';
import { StartingPricesCard } from '../features/profile/components/starting-prices-card';
import { RequireUser } from '../features/auth/components/require-user';

export default function TechnicianProfile() {
  return (
    <RequireUser
      role="technician"
      allow={(user) => user.role === 'technician'}
      message="This page is for technicians."
    >
      {() => <OwnProfile />}
    </RequireUser>
  );
}

function OwnProfile() {
  const profile = useOwnProfile(true);
  if (!profile.data)
    return (
      <div className="mx-auto max-w-5xl px-4 py-10">
        <Skeleton className="h-64" />
      </div>
    );
  // Keyed by the saved profile, so the form restarts from what the server stored.
  return (
    <ProfileEditor key={JSON.stringify(profile.data)} profile={profile.data}>
      {profile.data.status === 'approved' && (
        <>
          <StartingPricesCard profile={profile.data} />
          <PaymentAccountCard />
          <WorkingHoursCard />
          <CalendarFeedCard />
          <NotificationSettingsCard />
          <BrandingCard />
          <ApiAccessCard />
        </>
      )}
    </ProfileEditor>
  );
}
