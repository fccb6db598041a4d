import { Navigate } from 'react-router';
import { startPathFor } from '@shared/paths';
import { Skeleton } from '../components/ui/skeleton';
import { useCurrentUser } from '../features/auth/api/get-current-user';

/** The installed app's start URL: each signed-in role's own first screen, a visitor's home. */
export default function Start() {
  const { data: user, isLoading } = useCurrentUser();
  if (isLoading)
    return (
      <div className="mx-auto max-w-5xl px-4 py-10" aria-busy="true">
        <span className="sr-only">Loading...</span>
        <Skeleton className="h-40" />
      </div>
    );
  return <Navigate to={startPathFor(user?.role)} replace />;
}
