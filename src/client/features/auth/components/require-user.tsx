import type { ReactNode } from 'react';
import type { CurrentUser } from '@shared/schemas/auth';
import { AccessRequired, AuthenticationRequired } from '../../../components/guards';
import { Skeleton } from '../../../components/ui/skeleton';
import { useCurrentUser } from '../api/get-current-user';
import { useAuthDialog } from '../auth-dialog-context';

/**
 * Who may use a screen: admins, technicians (a signed-in user with a technician record), or
 * customers (a signed-in customer account).
 */
export type ScreenRole = 'admin' | 'technician' | 'customer';

const TITLES: Record<ScreenRole, string> = {
  admin: 'Admin Access Required',
  technician: 'Technician Access Required',
  customer: 'Customer Access Required',
};

const allows: Record<ScreenRole, (user: CurrentUser) => boolean> = {
  admin: (user) => user.role === 'admin',
  technician: (user) => user.technicianId !== null,
  customer: (user) => user.role === 'customer',
};

/**
 * The guard every signed-in screen starts with: a skeleton while the user loads, 'Authentication
 * Required' (with a demo hint) when anonymous, '<Role> Access Required' when the role may not use
 * it, otherwise the screen for that user. The server enforces the same rules on every API call.
 */
export function RequireUser({
  role,
  allow = allows[role],
  message,
  hint,
  wide = false,
  children,
}: {
  role: ScreenRole;
  /** Overrides who passes (e.g. admins reach a technician screen that explains itself). */
  allow?: (user: CurrentUser) => boolean;
  message: string | ((user: CurrentUser) => string);
  hint?: string;
  wide?: boolean;
  children: (user: CurrentUser) => ReactNode;
}) {
  const { data: user, isLoading } = useCurrentUser();
  const { open } = useAuthDialog();
  if (isLoading)
    return (
      <div className={`mx-auto px-4 py-10 ${wide ? 'max-w-7xl' : 'max-w-5xl'}`}>
        <Skeleton className="h-40" />
      </div>
    );
  if (!user)
    return (
      <AuthenticationRequired
        onSignIn={() =>
          open(undefined, { audience: role === 'customer' ? 'customer' : 'technician' })
        }
        hint={hint}
      />
    );
  if (!allow(user))
    return (
      <AccessRequired
        title={TITLES[role]}
        role={user.role}
        message={typeof message === 'function' ? message(user) : message}
      />
    );
  return children(user);
}
