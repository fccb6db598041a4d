/// <reference types="vite-plugin-pwa/react" />
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useRegisterSW } from 'virtual:pwa-register/react';
import { Button } from '../../../components/ui/button';

/** How often an open app asks the server for a new version. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

let reloading = false;
const reloadOnce = () => {
  if (reloading) return;
  reloading = true;
  window.location.reload();
};

/**
 * Registers the service worker (production builds; a no-op under the dev server) and, when a new
 * version is installed and waiting, keeps a banner up until the user reloads into it.
 */
export function UpdateBanner() {
  const [reloading, setReloading] = useState(false);
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    immediate: false,
    // Workbox reloads by itself only when the page had a worker at its first load; a page that
    // installed the first worker and then saw an update reloads on the controller change below.
    onNeedReload: reloadOnce,
    onRegisteredSW(_url, registration) {
      if (registration)
        setInterval(() => {
          if (navigator.onLine) void registration.update().catch(() => undefined);
        }, UPDATE_CHECK_MS);
    },
    onRegisterError(error: unknown) {
      console.error('Service worker registration failed', error);
    },
  });
  if (!needRefresh) return null;
  return (
    <div
      role="status"
      className="print:hidden fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-md flex-wrap items-center justify-between gap-3 rounded-lg border bg-card p-4 shadow-lg"
    >
      <p className="text-sm font-medium text-slate-800">Update available – reload</p>
      <Button
        size="sm"
        disabled={reloading}
        onClick={() => {
          setReloading(true);
          // Activates the waiting worker; the page reloads once it takes control.
          navigator.serviceWorker.addEventListener('controllerchange', reloadOnce, { once: true });
          void updateServiceWorker(true);
        }}
      >
        <RefreshCw aria-hidden="true" />
        Reload
      </Button>
    </div>
  );
}
