import { useAuthDialog } from '../app/auth-dialog-context';
import { AccessRequired, AuthenticationRequired } from '../components/guards';
import { Skeleton } from '../components/ui/skeleton';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { useOwnProfile } from '../features/profile/api/get-own-profile';
import { ProfileEditor } from '../features/profile/components/profile-editor';

export default function TechnicianProfile() {
  const { data: user, isLoading } = useCurrentUser();
  const { open } = useAuthDialog();
  const isTech = user?.role === 'technician';
  const profile = useOwnProfile(!!isTech);
  if (isLoading)
    return (
      <div className="mx-auto max-w-5xl px-4 py-10">
        <Skeleton className="h-40" />
      </div>
    );
  if (!user) return <AuthenticationRequired onSignIn={open} />;
  if (!isTech)
    return (
      <AccessRequired
        title="Technician Access Required"
        role={user.role}
        message="This page is for technicians."
      />
    );
  if (!profile.data)
    return (
      <div className="mx-auto max-w-5xl px-4 py-10">
        <Skeleton className="h-64" />
      </div>
    );
  // Keyed by the saved profile, so the form restarts from what the server stored.
  return <ProfileEditor key={JSON.stringify(profile.data)} profile={profile.data} />;
}
