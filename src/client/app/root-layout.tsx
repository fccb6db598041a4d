import { Suspense, useEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router';
import { HydrateApart, Hydrated, loadAfterHydration } from '../components/deferred';
import { Skeleton } from '../components/ui/skeleton';
import { useCurrentUser } from '../features/auth/api/get-current-user';
import { PosSyncProvider } from '../features/pos/offline/pos-sync';
import { AuthDialogProvider } from '../features/auth/auth-dialog-context';
import { ErrorBoundary } from './error-boundary';
import { Footer } from './footer';
import { Header } from './header';

// Useful once the page is interactive; kept out of the first download.
const ChatHelper = loadAfterHydration(() =>
  import('../features/chat/chat-helper').then((m) => m.ChatHelper),
);
// The server set the first page's title and description; they follow later screens.
const DocumentMeta = loadAfterHydration(() =>
  import('./document-meta').then((m) => m.DocumentMeta),
);
const UpdateBanner = loadAfterHydration(() =>
  import('../features/pwa/components/update-banner').then((m) => m.UpdateBanner),
);

function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

function ScreenLoading() {
  return (
    <div className="mx-auto max-w-7xl space-y-4 px-4 py-10 sm:px-6" aria-busy="true">
      <span className="sr-only">Loading...</span>
      <Skeleton className="h-9 w-72 max-w-full" />
      <Skeleton className="h-5 w-96 max-w-full" />
      <Skeleton className="h-48 w-full" />
    </div>
  );
}

/** A technician's point-of-sale changes sync from any screen, not only the point of sale. */
function PosSync({ children }: { children: ReactNode }) {
  const { data: user } = useCurrentUser();
  const technician =
    user?.technicianId != null ? { id: user.id, technicianId: user.technicianId } : null;
  return <PosSyncProvider user={technician}>{children}</PosSyncProvider>;
}

/**
 * Header, the current screen, footer; the auth dialog, the chat helper, the app's update banner
 * and the point of sale's offline queue live here too.
 */
export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <PosSync>
      <AuthDialogProvider>
        <ScrollToTop />
        <DocumentMeta />
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
        >
          Skip to main content
        </a>
        <div className="flex min-h-screen flex-col">
          <HydrateApart>
            <Header />
          </HydrateApart>
          <main id="main" tabIndex={-1} className="flex-1 outline-none">
            <ErrorBoundary key={pathname}>
              <Suspense fallback={<ScreenLoading />}>
                <Hydrated>
                  <Outlet />
                </Hydrated>
              </Suspense>
            </ErrorBoundary>
          </main>
          {/* A phone's chat button sits here, in the page's flow: the room is kept before it
              loads, so nothing moves when it appears. */}
          <div className="min-h-[4.5rem] sm:min-h-0 print:hidden">
            <ChatHelper />
          </div>
          <HydrateApart>
            <Footer />
          </HydrateApart>
        </div>
        <UpdateBanner />
      </AuthDialogProvider>
    </PosSync>
  );
}
