import { LogOut, Wrench } from 'lucide-react';
import { NavLink } from 'react-router';
import type { CurrentUser } from '@shared/schemas/auth';
import { Button } from '../components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../components/ui/sheet';
import { InstallAppButton } from '../features/pwa/components/install-app-button';
import { cn } from '../lib/utils';
import { useAuthDialog } from '../features/auth/auth-dialog-context';
import { linkClass, NavBadge } from './nav-link';
import type { NavItem } from './nav-items';

export type MobileMenuProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  links: NavItem[];
  user: CurrentUser | null;
  displayName: string;
  signingOut: boolean;
  onSignOut: () => void;
  onSignIn: () => void;
};

/** The menu of narrow screens: the links, and signing in or out. */
export function MobileMenu({
  open,
  onOpenChange,
  links,
  user,
  displayName,
  signingOut,
  onSignOut,
  onSignIn,
}: MobileMenuProps) {
  const authDialog = useAuthDialog();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent closeLabel="Close menu" className="xl:hidden">
        <SheetTitle className="flex items-center gap-2">
          <Wrench className="h-4 w-4 text-primary" aria-hidden="true" />
          Menu
        </SheetTitle>
        <SheetDescription className="sr-only">Site navigation</SheetDescription>
        <nav aria-label="Mobile">
          <ul className="flex flex-col gap-1">
            {links.map((l) => (
              <li key={l.to}>
                <NavLink
                  to={l.to}
                  className={(s) => cn(linkClass(s), 'w-full py-2.5 text-base')}
                  onClick={() => onOpenChange(false)}
                >
                  {l.label}
                  <NavBadge badge={l.badge} unread={l.unread} />
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-auto border-t border-border pt-4">
          {user ? (
            <div className="space-y-3">
              <p className="truncate text-sm font-medium text-slate-700">{displayName}</p>
              {user.role === 'technician' && (
                <InstallAppButton className="w-full" onClick={() => onOpenChange(false)} />
              )}
              <Button
                variant="outline"
                className="w-full"
                disabled={signingOut}
                onClick={() => {
                  onOpenChange(false);
                  onSignOut();
                }}
              >
                <LogOut aria-hidden="true" />
                Sign Out
              </Button>
            </div>
          ) : (
            <Button
              className="w-full"
              onFocus={authDialog.preload}
              onClick={() => {
                onOpenChange(false);
                onSignIn();
              }}
            >
              Sign in
            </Button>
          )}
        </div>
      </SheetContent>
    </Sheet>
  );
}
