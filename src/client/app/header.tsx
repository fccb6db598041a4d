import { LogOut, Menu, Wrench } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useNavigate } from 'react-router';
import { BRAND } from '@shared/brand';
import { Button } from '../components/ui/button';
import { loadWhenShown } from '../components/deferred';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { useSignOut } from '../features/auth/api/sign-out';
import { SyncBadge } from '../features/pos/components/sync-badge';
import { useAuthDialog } from '../features/auth/auth-dialog-context';
import type { MobileMenuProps } from './mobile-menu';
import { linkClass, NavBadge } from './nav-link';
import { navItemsFor } from './nav-items';
import { PATHS } from '@shared/paths';

// The narrow screens' menu (a sheet) loads when first opened.
const MobileMenu = loadWhenShown(
  () => import('./mobile-menu').then((m) => m.MobileMenu),
  (p: MobileMenuProps) => p.open,
);

export function Header() {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const authDialog = useAuthDialog();
  const { data: user } = useCurrentUser();
  const signOut = useSignOut();
  const navigate = useNavigate();

  // The menu is for narrow screens: close it when the window grows past the xl breakpoint.
  useEffect(() => {
    const wide = window.matchMedia('(min-width: 80rem)');
    const onChange = () => {
      if (wide.matches) setMenuOpen(false);
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);

  const doSignOut = () =>
    signOut.mutate(undefined, {
      onSuccess: () => void navigate(PATHS.home),
    });
  const displayName = user ? user.firstName || user.username || user.email : '';
  const links = navItemsFor(user?.role);

  return (
    <header className="print:hidden sticky top-0 z-40 border-b border-border bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link
          to={PATHS.home}
          className="flex shrink-0 items-center gap-2 text-xl font-bold text-foreground"
        >
          <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <Wrench className="h-4 w-4" aria-hidden="true" />
          </span>
          {BRAND.name}
        </Link>

        <nav aria-label="Main" className="hidden items-center gap-0.5 xl:flex">
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} className={linkClass}>
              {l.label}
              <NavBadge badge={l.badge} unread={l.unread} />
            </NavLink>
          ))}
        </nav>

        <div className="hidden shrink-0 items-center gap-3 xl:flex">
          {user ? (
            <>
              <SyncBadge />
              <span className="max-w-40 truncate text-sm font-medium text-slate-700">
                {displayName}
              </span>
              <Button variant="outline" size="sm" onClick={doSignOut} disabled={signOut.isPending}>
                <LogOut aria-hidden="true" />
                Sign Out
              </Button>
            </>
          ) : (
            <Button
              size="sm"
              onClick={() => authDialog.open()}
              onPointerEnter={authDialog.preload}
              onFocus={authDialog.preload}
            >
              Sign in
            </Button>
          )}
        </div>

        <div className="flex shrink-0 items-center gap-2 xl:hidden">
          <SyncBadge />
          <Button
            variant="ghost"
            size="icon"
            ref={menuButton}
            aria-label="Open menu"
            aria-expanded={menuOpen}
            aria-haspopup="dialog"
            onClick={() => setMenuOpen(true)}
          >
            <Menu className="size-5!" aria-hidden="true" />
          </Button>
        </div>
      </div>

      <MobileMenu
        open={menuOpen}
        onOpenChange={setMenuOpen}
        links={links}
        user={user ?? null}
        displayName={displayName}
        signingOut={signOut.isPending}
        onSignOut={doSignOut}
        // The menu's Sign in goes with the menu: focus comes back to the menu's button.
        onSignIn={() => authDialog.open(menuButton.current)}
      />
    </header>
  );
}
